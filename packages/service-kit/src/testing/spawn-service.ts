import { spawn, type ChildProcess } from "node:child_process";
import { bundledApp } from "./bundled-app.ts";

export interface SpawnedService {
  url: string;
  port: number;
  process: ChildProcess;
  /** Everything the process printed so far (JSON log lines). */
  output(): string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): void;
}

/**
 * Starts the server of the app in `appDir` as a real process, from its sources bundled as `pnpm build`
 * bundles them (bundledApp: node starts it in about a second, tsx took several), on a free port, and
 * resolves once it logs "listening". The environment is exactly `env` plus PATH (and JSON logs,
 * which the test reads), so a test controls DATABASE_URL and the rest.
 */
export async function spawnService(appDir: string, env: Record<string, string>, timeoutMs = 60_000) {
  const { server } = await bundledApp(appDir);
  return spawnNode(["--enable-source-maps", server], { cwd: appDir, env, timeoutMs });
}

/**
 * Starts `node <args>` (a service's server, from its sources or a built bundle) in `cwd`, as
 * spawnService does: environment `env` plus PATH, JSON logs, port 0 and 127.0.0.1 unless `env` says.
 */
export async function spawnNode(
  args: string[],
  { cwd, env, timeoutMs = 60_000 }: { cwd: string; env: Record<string, string>; timeoutMs?: number },
) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH ?? "", PORT: "0", HOST: "127.0.0.1", LOG_FORMAT: "json", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+)[^\n]*"msg":"listening /.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    process: child,
    output: () => output,
    exited,
    kill: (signal: NodeJS.Signals = "SIGTERM") => child.kill(signal),
  } satisfies SpawnedService;
}
