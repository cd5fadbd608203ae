import path from "node:path";
import { runAppCli } from "@org/service-kit/testing";

const appDir = path.resolve(__dirname, "../..");

/**
 * Runs `cli <args>` (src/cli.ts, bundled as `pnpm build` does) against a test database with this
 * PUBLIC_URL, and parses the one JSON line it must print. A failed command rejects with its `code`
 * and `stderr`. Each opens (and migrates) the database: about a second.
 */
export function runCli(
  { databaseUrl, publicUrl }: { databaseUrl: string; publicUrl: string },
  ...args: string[]
) {
  return runAppCli(appDir, { DATABASE_URL: databaseUrl, PUBLIC_URL: publicUrl }, ...args);
}
