// `pnpm bench`: runs every *.bench.ts in this folder in turn (or those named on the command line)
// and prints each one's report. Benchmarks use TEST_DATABASE_URL's server, like the tests.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const dir = __dirname;
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((file) => file.endsWith(".bench.ts"))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.includes(name)))
  .sort();

let failed = 0;
for (const file of files) {
  process.stdout.write(`\n### ${file}\n`);
  const tsx = require.resolve("tsx/cli");
  const result = spawnSync(process.execPath, [tsx, path.join(dir, file)], { stdio: "inherit" });
  if (result.status !== 0) failed += 1;
}
if (files.length === 0) process.stdout.write("no benchmarks yet\n");
process.exit(failed ? 1 : 0);
