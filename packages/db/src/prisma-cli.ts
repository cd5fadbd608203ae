import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

// Found through the package's own name, so that this works both from these sources and from an
// app's bundle (scripts/build-server.mjs), whose __dirname is the bundle's folder.
const configPath = require.resolve("@org/db/prisma.config.ts");
const packageRoot = path.dirname(configPath);
const cliPath = require.resolve("prisma/build/index.js", { paths: [packageRoot] });

/** The migrations folder: `$PRISMA_DIR/migrations` (the images set it), else the repo's prisma/. */
export function migrationsDir(): string {
  return path.join(process.env.PRISMA_DIR || path.resolve(packageRoot, "../../prisma"), "migrations");
}

/** Runs the Prisma CLI (WASM schema engine, offline) against `url`; returns its stdout. */
export async function runPrismaCli(args: string[], url: string): Promise<string> {
  try {
    const { stdout } = await execFileAsync(process.execPath, [cliPath, ...args, "--config", configPath], {
      cwd: packageRoot,
      env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" },
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`prisma ${args.join(" ")} failed: ${redactUrl(`${stderr}\n${stdout}`.trim(), url)}`);
  }
}

function redactUrl(text: string, url: string): string {
  return text.split(url).join("<database url>");
}
