import { spawn, type ChildProcess } from "node:child_process";

export interface OwnRedis {
  url: string;
  /** Kills this server (SIGKILL, as a crash): its clients lose their connections. */
  kill(): Promise<void>;
}

/**
 * A redis-server of the test's own on `port` (no persistence), for outages: a test kills this one,
 * never the shared server the other tests use. Resolves once it accepts connections.
 */
export async function startOwnRedis(port: number): Promise<OwnRedis> {
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("error", reject);
    void exited.then(() => reject(new Error(`redis-server exited:\n${output}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
