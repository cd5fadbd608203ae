#!/usr/bin/env node
// `node scripts/deploy-app.mjs <app> <folder>`: a self-contained folder that runs an app with
// `node dist/server.js`, from a workspace where `pnpm build` has run. docker/Dockerfile makes its
// images with it, and e2e/test/deploy.test.ts tests the folders it makes, so both see the same.
//
// 1. `pnpm deploy --prod`: the app's `files` (dist/) and its production dependencies, exactly the
//    versions of pnpm-lock.yaml (with inject-workspace-packages, deploy derives the folder's lockfile
//    from the workspace's; `--legacy` would resolve the versions again from the registry). Offline:
//    every package comes from the store (`pnpm install` or `pnpm fetch` filled it).
// 2. prisma/ (schema and migrations, applied at start) next to it; the server finds it by PRISMA_DIR.
// 3. Files the server never reads are removed from node_modules (UNUSED below): source maps,
//    TypeScript, documentation and tests, and the parts of Prisma for other databases, other engines
//    and other commands than `migrate deploy`. No package is removed; the deploy test runs what is left.
// 4. The same inputs make the same bytes (e2e/test/deploy.test.ts deploys twice and compares), so an
//    image layer holding the folder is rebuilt only when the app changed: pnpm's install state files
//    (with the time of the deploy) and the `.bin` shims of commands (with the folder's absolute path)
//    are removed; nothing runs them (the Prisma CLI is started by its path).
import { execFile } from "node:child_process";
import { cp, lstat, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, "..");

/** Removed from node_modules, by path relative to it (`.pnpm/<package>/node_modules/<name>/…`). */
const UNUSED = [
  // Source maps (of the code and of type declarations), type declarations and TypeScript sources:
  // node runs none of them.
  /\.map$/,
  /\.[mc]?ts$/,
  // READMEs and changelogs (licenses stay, whatever their extension), and packages' own tests and
  // examples (at a package's root).
  /(^|\/)(?!licen[sc]e)[^/]*\.md$/i,
  /(^|\/)node_modules\/(@[^/]+\/)?[^/]+\/(test|tests|__tests__|examples?)\//,
  // effect (of @prisma/config, which the Prisma CLI requires) is loaded as CommonJS: not its ES modules.
  /(^|\/)node_modules\/effect\/dist\/esm\//,
  // Of @prisma/client's runtime, the server (CommonJS) loads the query-compiler client for PostgreSQL:
  // not the engines of other databases, the library and binary engines, edge or ESM builds.
  /(^|\/)@prisma\/client\/runtime\/(?!(client|query_compiler_bg\.postgresql(\.wasm-base64)?)\.js$)[^/]+$/,
  // Of the Prisma CLI, `migrate deploy` uses the schema engine: not the query engines of other
  // databases, the library engine, the copy of the client runtime that `generate` writes out, or Studio.
  /(^|\/)prisma\/build\/query_(engine|compiler)_bg\.(cockroachdb|mysql|sqlserver|sqlite)\.[\w.-]+$/,
  /(^|\/)prisma\/build\/query_engine_bg\.[\w.-]+$/,
  /(^|\/)prisma\/(prisma-client|build\/public)\//,
];
/**
 * Kept whatever UNUSED says: the SDK's files are served as they are (/sdk/authkit.js.map), and the
 * Prisma CLI loads @org/db's prisma.config.ts (through jiti) to apply migrations.
 */
const KEEP = /(^|\/)@org\/(authkit-sdk\/|db\/prisma\.config\.ts$)/;

/** pnpm's state of the install, which records when it ran; nothing reads it at run time. */
const INSTALL_STATE = /^\.(modules\.yaml|pnpm-workspace-state(-v\d+)?\.json)$/;

/** Bytes under `file` (a file or a folder), symbolic links not followed. */
async function sizeOf(file) {
  const stats = await lstat(file);
  if (!stats.isDirectory()) return stats.size;
  let total = 0;
  for (const entry of await readdir(file)) total += await sizeOf(path.join(file, entry));
  return total;
}

async function prune(dir, relative = "") {
  let removed = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    const rel = relative ? `${relative}/${entry.name}` : entry.name;
    if (
      (entry.isDirectory() && entry.name === ".bin") ||
      (relative === "" && INSTALL_STATE.test(entry.name))
    ) {
      removed += await sizeOf(file);
      await rm(file, { recursive: true });
    } else if (entry.isDirectory()) removed += await prune(file, rel);
    else if (entry.isFile() && !KEEP.test(rel) && UNUSED.some((pattern) => pattern.test(rel))) {
      removed += (await lstat(file)).size;
      await rm(file);
    }
  }
  return removed;
}

export async function deployApp(app, target) {
  const folder = path.resolve(target);
  await run(
    "pnpm",
    [
      "--config.inject-workspace-packages=true",
      "--offline",
      "--filter",
      `@org/${app}`,
      "--prod",
      "deploy",
      folder,
    ],
    { cwd: repo, maxBuffer: 16 * 1024 * 1024 },
  );
  await cp(path.join(repo, "prisma"), path.join(folder, "prisma"), { recursive: true });
  const removed = await prune(path.join(folder, "node_modules"));
  return { folder, removedBytes: removed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [app, target] = process.argv.slice(2);
  if (!["board-api", "auth-server"].includes(app) || !target) {
    console.error("usage: node scripts/deploy-app.mjs <board-api|auth-server> <folder>");
    process.exit(2);
  }
  const { folder, removedBytes } = await deployApp(app, target);
  console.log(`${app} deployed to ${folder} (${(removedBytes / 1e6).toFixed(0)} MB of unused files removed)`);
}
