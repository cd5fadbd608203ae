import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = path.resolve(__dirname, "../..");
const tsx = path.join(root, "node_modules/.bin/tsx");

/**
 * Runs `cli <args>` (src/cli.ts, as `pnpm cli` does) against a test database with this PUBLIC_URL,
 * and parses the one JSON line it must print. A failed command rejects with its `code` and `stderr`.
 * Each starts tsx and opens (and migrates) the database: seconds on a busy machine.
 */
export async function runCli(
  { databaseUrl, publicUrl }: { databaseUrl: string; publicUrl: string },
  ...args: string[]
) {
  const { stdout } = await run(tsx, ["src/cli.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PUBLIC_URL: publicUrl, LOG_LEVEL: "silent" },
  });
  const lines = stdout.trim().split("\n");
  if (lines.length !== 1) throw new Error(`cli ${args.join(" ")} printed ${lines.length} lines: ${stdout}`);
  return JSON.parse(lines[0] as string);
}
