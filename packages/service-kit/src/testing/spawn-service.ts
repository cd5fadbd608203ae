import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

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
 * Starts `src/server.ts` of the app in `appDir` as a real process (node with tsx's loader), on a free port, and
 * resolves once it logs "listening". The environment is exactly `env` plus PATH (and JSON logs,
 * which the test reads), so a test controls DATABASE_URL and the rest.
 */
export function spawnService(appDir: string, env: Record<string, string>, timeoutMs = 60_000) {
  // As the app's `start` script runs it (`node --import tsx`): signals reach the service itself. The
  // tsx CLI would relay them, and SIGKILL a child that takes over 30 ms to acknowledge one (a busy machine).
  return spawnNode(["--import", "tsx", path.join(appDir, "src/server.ts")], { cwd: appDir, env, timeoutMs });
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
