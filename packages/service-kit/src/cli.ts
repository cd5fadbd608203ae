import { parseArgs, type ParseArgsConfig } from "node:util";
import { openDatabase, type Db } from "@org/db";
import { databaseLabel } from "./database-label.ts";
import { defaultDataDir, type BaseEnv } from "./env.ts";
import { toAppError } from "./http/error-handler.ts";

export interface CliCommand {
  /** One line for the usage text. */
  summary: string;
  options?: ParseArgsConfig["options"];
  run(values: Record<string, string | boolean | (string | boolean)[] | undefined>): Promise<unknown>;
}

/** An error as one line a person can act on: the AppError's message, else the error's first line. */
function errorLine(error: unknown): string {
  const message = toAppError(error)?.message ?? (error instanceof Error ? error.message : String(error));
  return message.split("\n").find((line) => line.trim() !== "") ?? "failed";
}

/**
 * Admin command lines: `cli <group> <action> [--flags]`. Success prints one JSON line on stdout;
 * an error prints one line on stderr and exits non-zero.
 */
export async function runCli(
  name: string,
  commands: Record<string, CliCommand>,
  argv = process.argv.slice(2),
) {
  const usage = () =>
    `usage: ${name} <command> [options]\n\n` +
    Object.entries(commands)
      .map(([command, { summary }]) => `  ${command.padEnd(24)} ${summary}`)
      .join("\n");
  const words = argv.filter((word) => !word.startsWith("-"));
  // Longest command name that matches the leading words ("tenant create" before "tenant").
  const commandName = Object.keys(commands)
    .sort((a, b) => b.split(" ").length - a.split(" ").length)
    .find((command) => command.split(" ").every((part, i) => words[i] === part));
  if (!commandName) {
    process.stderr.write(`${usage()}\n`);
    process.exit(argv.length === 0 || argv.includes("--help") ? 0 : 2);
  }
  const command = commands[commandName] as CliCommand;
  try {
    const { values } = parseArgs({
      args: argv.slice(commandName.split(" ").length),
      options: command.options ?? {},
      strict: true,
      allowPositionals: false,
    });
    const output = await command.run(values);
    process.stdout.write(`${JSON.stringify(output)}\n`);
    process.exit(0);
  } catch (error) {
    process.stderr.write(`${name} ${commandName}: ${errorLine(error)}\n`);
    process.exit(1);
  }
}

/**
 * Opens (and migrates) the service's database for one command, then closes it. When that is not
 * the default (the embedded database under the workspace's `.data`), says on stderr which one it
 * is, so a token made in the wrong database is not a mystery.
 */
export async function withCliDatabase<T>(
  env: Pick<BaseEnv, "DATABASE_URL" | "DATA_DIR">,
  service: string,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const where = { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, service };
  if (env.DATABASE_URL || env.DATA_DIR !== defaultDataDir()) {
    process.stderr.write(`using ${databaseLabel(where)}\n`);
  }
  const database = await openDatabase(where);
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}
