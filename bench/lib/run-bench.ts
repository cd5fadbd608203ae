/**
 * Runs a bench's `main` and exits: with its `process.exitCode` (a bench sets 1 when a goal is
 * missed), or 1 with the error printed. Exiting also ends handles a library left open.
 */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
