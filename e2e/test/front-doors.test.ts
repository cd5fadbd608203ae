// Tests and benchmarks enter the apps by their front doors (`@org/board-api/service`, `…/testing`):
// the workspace's lint refuses an import of an app's or a package's files.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
// The workspace root's ESLint (a root dev dependency), run as `pnpm lint` runs it.
const eslintBin = path.join(root, "node_modules/eslint/bin/eslint.js");

/** The lint problems of `source` as a test file of e2e: [rule, line]. */
function lint(source: string): Array<[string | null, number]> {
  const run = spawnSync(
    process.execPath,
    [eslintBin, "--format", "json", "--stdin", "--stdin-filename", "e2e/test/probe.test.ts"],
    { cwd: root, input: source, encoding: "utf8" },
  );
  const [result] = JSON.parse(run.stdout) as Array<{
    messages: Array<{ ruleId: string | null; line: number }>;
  }>;
  return result!.messages.map((message) => [message.ruleId, message.line]);
}

describe("imports of the apps", () => {
  it("refuses a deep import into an app's or a package's files", () => {
    const source = [
      'import { createApp } from "@org/board-api/src/app.ts";',
      'import { adminInvite } from "@org/auth-server/src/testing/browser/admin.ts";',
      'import type { RecordedEvent } from "@org/browser-testing/src/authkit-page.ts";',
      "export { adminInvite, createApp, type RecordedEvent };",
      "",
    ].join("\n");
    expect(lint(source)).toEqual([
      ["no-restricted-imports", 1],
      ["no-restricted-imports", 2],
      ["no-restricted-imports", 3],
    ]);
  });

  it("takes the apps' entries", () => {
    const source = [
      'import { startBoardApi } from "@org/board-api/service";',
      'import { createTestApp } from "@org/board-api/testing";',
      'import { adminInvite } from "@org/auth-server/testing/browser";',
      'import { eventsOf } from "@org/browser-testing";',
      "export { adminInvite, createTestApp, eventsOf, startBoardApi };",
      "",
    ].join("\n");
    expect(lint(source)).toEqual([]);
  });
});
