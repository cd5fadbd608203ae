// What pnpm-lock.yaml says an app's production dependencies are, and what a deployed folder holds.
import { existsSync, lstatSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";

interface Dependency {
  version: string;
}
interface Lockfile {
  importers: Record<
    string,
    { dependencies?: Record<string, Dependency>; optionalDependencies?: Record<string, Dependency> }
  >;
  packages: Record<string, { os?: string[]; cpu?: string[]; libc?: string[] }>;
  snapshots: Record<
    string,
    { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> }
  >;
}

/** `name@1.2.3(peer@4.5.6)` → `name@1.2.3`. */
const withoutPeers = (key: string) => key.replace(/\(.*$/, "");

const libc = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)
  ?.header?.glibcVersionRuntime
  ? "glibc"
  : "musl";

/** pnpm's rule for `os`/`cpu`/`libc` lists: listed, or only negations and not negated. */
function fits(list: string[] | undefined, value: string): boolean {
  if (!list) return true;
  if (list.includes(value)) return true;
  return list.every((entry) => entry.startsWith("!")) && !list.includes(`!${value}`);
}

export interface Closure {
  /** Third-party packages, `name@version`. */
  packages: Set<string>;
  /** Workspace packages (`@org/…`) reached through `link:` dependencies. */
  workspace: Set<string>;
}

/**
 * The production closure of the workspace project `importer` (`apps/board-api`) in the lockfile at
 * `lockfilePath`: its dependencies and optional dependencies, those of the workspace packages it
 * links, and theirs, transitively; optional packages for another platform left out, as pnpm does.
 */
export function lockedClosure(lockfilePath: string, importer: string): Closure {
  const lock = parse(readFileSync(lockfilePath, "utf8")) as Lockfile;
  const closure: Closure = { packages: new Set(), workspace: new Set() };
  const seen = new Set<string>();
  const visitSnapshot = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const id = withoutPeers(key);
    const meta = lock.packages[id] ?? {};
    if (!fits(meta.os, process.platform) || !fits(meta.cpu, process.arch) || !fits(meta.libc, libc)) return;
    closure.packages.add(id);
    const snapshot = lock.snapshots[key] ?? {};
    for (const [name, version] of Object.entries({
      ...snapshot.dependencies,
      ...snapshot.optionalDependencies,
    })) {
      visitSnapshot(`${name}@${version}`);
    }
  };
  const visitImporter = (dir: string) => {
    const project = lock.importers[dir];
    if (!project) throw new Error(`${dir} is not a project of ${lockfilePath}`);
    for (const [name, { version }] of Object.entries({
      ...project.dependencies,
      ...project.optionalDependencies,
    })) {
      if (version.startsWith("link:")) {
        const linked = path.posix.normalize(path.posix.join(dir, version.slice("link:".length)));
        if (!closure.workspace.has(name)) {
          closure.workspace.add(name);
          visitImporter(linked);
        }
      } else visitSnapshot(`${name}@${version}`);
    }
  };
  visitImporter(importer);
  return closure;
}

/** The packages installed in a deployed folder's node_modules (pnpm's layout: `.pnpm/<id>/node_modules/<name>`). */
export function deployedPackages(folder: string): Closure {
  const found: Closure = { packages: new Set(), workspace: new Set() };
  const store = path.join(folder, "node_modules", ".pnpm");
  for (const entry of readdirSync(store)) {
    const modules = path.join(store, entry, "node_modules");
    if (!existsSync(modules)) continue;
    const names = readdirSync(modules).flatMap((name) =>
      name.startsWith("@")
        ? readdirSync(path.join(modules, name)).map((inner) => `${name}/${inner}`)
        : [name],
    );
    for (const name of names) {
      const dir = path.join(modules, name);
      // The package itself is a folder; its dependencies beside it are links.
      if (lstatSync(dir).isSymbolicLink()) continue;
      const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
        name: string;
        version: string;
      };
      if (manifest.name.startsWith("@org/")) found.workspace.add(manifest.name);
      else found.packages.add(`${manifest.name}@${manifest.version}`);
    }
  }
  return found;
}
