import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

const packageRoot = path.resolve(__dirname, "..");
const configPath = path.join(packageRoot, "prisma.config.ts");
const cliPath = require.resolve("prisma/build/index.js", { paths: [packageRoot] });

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
