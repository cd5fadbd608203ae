// The apps as they ship: folders made by scripts/deploy-app.mjs (what docker/Dockerfile runs),
// started with `node dist/server.js` in production mode, and their command lines.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { lstat, readdir, readFile, readlink } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { spawnNode, type SpawnedService } from "@org/service-kit/testing";

const run = promisify(execFile);
export const REPO_ROOT = path.resolve(__dirname, "../..");

export type AppName = "board-api" | "auth-server";

/** `node scripts/deploy-app.mjs <app> <folder>`, as the Dockerfile runs it. */
export async function deploy(app: AppName, folder: string): Promise<void> {
  await run(process.execPath, [path.join(REPO_ROOT, "scripts/deploy-app.mjs"), app, folder], {
    cwd: REPO_ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** What the image sets (docker/Dockerfile): production, migrations from the folder's prisma/. */
const imageEnv = (folder: string) => ({
  NODE_ENV: "production",
  PRISMA_DIR: path.join(folder, "prisma"),
  CHECKPOINT_DISABLE: "1",
});

/** The image's command, `node --enable-source-maps dist/server.js`, in `folder`. */
export function startDeployed(folder: string, env: Record<string, string>): Promise<SpawnedService> {
  return spawnNode(["--enable-source-maps", "dist/server.js"], {
    cwd: folder,
    env: { ...imageEnv(folder), ...env },
  });
}

/** `node dist/cli.js <args>` in `folder` (`docker compose exec <app> node dist/cli.js …`): its JSON line. */
export async function deployedCli(
  folder: string,
  args: string[],
  env: Record<string, string>,
): Promise<unknown> {
  const { stdout } = await run(process.execPath, ["dist/cli.js", ...args], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? "", ...imageEnv(folder), ...env },
  });
  return JSON.parse(stdout) as unknown;
}

/**
 * Every entry under `folder` by relative path: a folder, a symbolic link and its target, or a file
 * and its mode and SHA-256. Two folders with equal listings hold the same bytes.
 */
export async function folderListing(folder: string, relative = ""): Promise<Map<string, string>> {
  const listing = new Map<string, string>();
  for (const name of (await readdir(path.join(folder, relative))).sort()) {
    const rel = path.join(relative, name);
    const file = path.join(folder, rel);
    const stats = await lstat(file);
    if (stats.isDirectory()) {
      listing.set(rel, "folder");
      for (const [inner, what] of await folderListing(folder, rel)) listing.set(inner, what);
    } else if (stats.isSymbolicLink()) listing.set(rel, `link to ${await readlink(file)}`);
    else {
      const digest = createHash("sha256")
        .update(await readFile(file))
        .digest("hex");
      listing.set(rel, `file ${(stats.mode & 0o777).toString(8)} ${digest}`);
    }
  }
  return listing;
}

/**
 * The entries that differ between two folders' listings, with what each side holds and, for a file
 * in both, its first differing line on each side.
 */
export async function listingDifferences(
  [folderA, a]: [string, Map<string, string>],
  [folderB, b]: [string, Map<string, string>],
): Promise<string[]> {
  const differences: string[] = [];
  for (const rel of new Set([...a.keys(), ...b.keys()])) {
    if (a.get(rel) === b.get(rel)) continue;
    let line = "";
    if (a.get(rel)?.startsWith("file") && b.get(rel)?.startsWith("file")) {
      const linesOf = async (folder: string) => (await readFile(path.join(folder, rel), "utf8")).split("\n");
      const [linesA, linesB] = [await linesOf(folderA), await linesOf(folderB)];
      const at = linesA.findIndex((text, index) => text !== linesB[index]);
      line = ` (line ${at + 1}: ${JSON.stringify(linesA[at]?.slice(0, 200))} / ${JSON.stringify(linesB[at]?.slice(0, 200))})`;
    }
    differences.push(`${rel}: ${a.get(rel) ?? "absent"} / ${b.get(rel) ?? "absent"}${line}`);
  }
  return differences;
}
