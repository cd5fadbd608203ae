// One autocannon load run in a child process, so that the load generator's work is not counted as
// the server's: the benchmark then reads the server's own CPU time per request from
// process.cpuUsage(), a figure a machine busy with other work disturbs far less than req/s.
import { fork } from "node:child_process";
import os from "node:os";
import path from "node:path";
import type autocannon from "autocannon";

const child = path.join(__dirname, "autocannon-child.ts");

/**
 * `nice` lowers the child's scheduling priority (0–19): for load that stands for clients on other
 * machines, whose own CPU would otherwise be taken from the server on a machine of 2 cores.
 */
export function loadInChild(
  options: autocannon.Options,
  { nice = 0 }: { nice?: number } = {},
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const worker = fork(child, [], { execArgv: ["--import", "tsx"], stdio: "inherit" });
    if (nice && worker.pid) os.setPriority(worker.pid, nice);
    worker.once("message", (result) => resolve(result as autocannon.Result));
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0) reject(new Error(`autocannon child exited with ${code}`));
    });
    worker.send(options);
  });
}
