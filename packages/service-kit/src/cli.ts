import { parseArgs, type ParseArgsConfig } from "node:util";

export interface CliCommand {
  /** One line for the usage text. */
  summary: string;
  options?: ParseArgsConfig["options"];
  run(values: Record<string, string | boolean | (string | boolean)[] | undefined>): Promise<unknown>;
}

/**
 * Admin command lines: `cli <group> <action> [--flags]`. Success prints one JSON line on stdout;
 * an error prints a message on stderr and exits non-zero.
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
    process.stderr.write(
      `${name} ${commandName}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  }
}
