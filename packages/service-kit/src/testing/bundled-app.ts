import { execFile } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const buildScript = path.resolve(__dirname, "../../../../scripts/build-server.mjs");

/**
 * The app in `appDir` bundled from its sources as they are now (scripts/build-server.mjs, what
 * `pnpm build` makes dist/ with), once per test process, into the app's node_modules/.cache:
 * `node <bundle>/cli.js` starts in about a second where tsx took three or more, on every one of
 * the CLI tests' commands. Paths inside the app folder, so the bundle finds the app's
 * node_modules and package.json as dist/ does; a bundle left by an ended process is removed.
 */
export async function bundledApp(appDir: string): Promise<{ cli: string; server: string }> {
  const cache = path.join(appDir, "node_modules/.cache");
  const dir = path.join(cache, `test-bundle-${process.pid}`);
  if (!existsSync(path.join(dir, "cli.js"))) {
    removeEndedProcessesBundles(cache);
    await run(process.execPath, [buildScript, "--outdir", path.relative(appDir, dir)], { cwd: appDir });
  }
  return { cli: path.join(dir, "cli.js"), server: path.join(dir, "server.js") };
}

function removeEndedProcessesBundles(cache: string) {
  if (!existsSync(cache)) return;
  for (const name of readdirSync(cache)) {
    const pid = Number(/^test-bundle-(\d+)$/.exec(name)?.[1]);
    if (pid && !isRunning(pid)) rmSync(path.join(cache, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs the app's CLI (`<command> <args>`, its bundle as above) with `env` added to this process's
 * environment, and parses the one JSON line it must print. A failed command rejects with the
 * child's `code` and `stderr`.
 */
export async function runAppCli(appDir: string, env: Record<string, string>, ...args: string[]) {
  const { cli } = await bundledApp(appDir);
  const { stdout } = await run(process.execPath, ["--enable-source-maps", cli, ...args], {
    cwd: appDir,
    env: { ...process.env, LOG_LEVEL: "silent", ...env },
  });
  const lines = stdout.trim().split("\n");
  if (lines.length !== 1) throw new Error(`cli ${args.join(" ")} printed ${lines.length} lines: ${stdout}`);
  return JSON.parse(lines[0] as string);
}
