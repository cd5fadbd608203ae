// The apps as they ship: folders made by scripts/deploy-app.mjs (what docker/Dockerfile runs),
// started with `node dist/server.js` in production mode, and their command lines.
import { execFile } from "node:child_process";
import { createServer } from "node:net";
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

/** A TCP port nobody listens on right now (a service's PUBLIC_URL must be known before it starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
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
