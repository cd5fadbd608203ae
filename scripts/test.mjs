#!/usr/bin/env node
// `pnpm test`: builds once, then runs the test suites in two streams, each one test file at a time:
// the end-to-end suite with the small packages' suites, and the two apps' suites. One stream after
// the other by default; TEST_STREAMS=2 runs them side by side, where cores allow: on 2 cores that
// saved only ~4 of ~31 minutes (each suite ran ~1.7x slower beside the other) and a timed browser
// step timed out. Then the quick start's smoke test. Exits non-zero if anything failed; every
// suite runs to the end regardless.
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
const streams = [["@org/e2e", "./packages/*"], ["./apps/*"]];
const codes =
  process.env.TEST_STREAMS === "2"
    ? await Promise.all(streams.map((filters) => tests(...filters)))
    : [await tests(...streams[0]), await tests(...streams[1])];
const smoke = await run("node", ["scripts/start-smoke.mjs"]);
process.exit(codes.find((code) => code !== 0) ?? smoke);
