#!/bin/sh
# `sh docker/runtime-root.sh <root> <app folder>…`: the runtime image's filesystem (but the app) in
# <root>: node, /bin/sh and tar (for `docker compose exec`, backups), the shared libraries they and
# the apps' native addons (*.node) load, found with ldd (so on any architecture), and what a process
# expects: /etc/passwd with root and node (1000:1000), name resolution, /tmp, the folders the
# services write. Nothing else of the base image: no package manager, no npm, no compiler, no
# documentation. docker/Dockerfile's last stage is this folder plus the app's.
set -eu
root=$1
shift
mkdir -p "$root/etc" "$root/tmp" "$root/home/node" "$root/data" "$root/run/board-tenant"
programs="$(command -v node) /bin/sh $(command -v tar)"
addons=$(find "$@" -name '*.node' -type f)
libraries=$(for file in $programs $addons; do
  # `libx.so.1 => /lib/…/libx.so.1 (0x…)`, and the loader: `/lib64/ld-linux-x86-64.so.2 (0x…)`.
  ldd "$file" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'
done | sort -u)
for file in $programs $libraries; do
  cp -L --parents "$file" "$root"
done
chmod 1777 "$root/tmp"
# The service (user node) writes only to /data (the embedded database, attachments) and to
# /run/board-tenant (where docker-compose.yml mounts the volume with board-api's tenant key).
chown 1000:1000 "$root/home/node" "$root/data" "$root/run/board-tenant"
printf 'root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000::/home/node:/bin/sh\n' >"$root/etc/passwd"
printf 'root:x:0:\nnode:x:1000:\n' >"$root/etc/group"
cp /etc/nsswitch.conf "$root/etc/nsswitch.conf"
