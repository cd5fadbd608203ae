#!/usr/bin/env node
// `pnpm test`: builds once, then runs the test suites in two streams side by side, each one test
// file at a time: the end-to-end suite (the longest) with the small packages' suites, and the two
// apps' suites. On 2 cores that nearly halves the wall time; wider layouts (more files at once)
// made timed browser steps and the process tests time out. Then the quick start's smoke test.
// Exits non-zero if anything failed; every suite runs to the end regardless.
import { spawn } from "node:child_process";

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const tests = (...filters) =>
  run("turbo", [
    "run",
    "test",
    "--only",
    "--continue",
    "--concurrency=1",
    ...filters.map((f) => `--filter=${f}`),
  ]);

const built = await run("turbo", ["run", "build"]);
if (built !== 0) process.exit(built);
const streams = await Promise.all([tests("@org/e2e", "./packages/*"), tests("./apps/*")]);
const smoke = await run("node", ["scripts/start-smoke.mjs"]);
process.exit(streams.find((code) => code !== 0) ?? smoke);
