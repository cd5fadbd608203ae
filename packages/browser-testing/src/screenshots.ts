import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";

/** The repository root: the nearest folder up with pnpm-workspace.yaml. */
function repoRoot(start = __dirname): string {
  let dir = start;
  while (!existsSync(path.join(dir, "pnpm-workspace.yaml"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

/** Where screenshots go: `artifacts/screenshots/` at the repository root (gitignored). */
export const SCREENSHOT_DIR = path.join(repoRoot(), "artifacts", "screenshots");

/** Saves a PNG of the page (or one element) as `artifacts/screenshots/<suite>/<name>.png`; returns its path. */
export async function screenshot(target: Page | Locator, suite: string, name: string): Promise<string> {
  const dir = path.join(SCREENSHOT_DIR, suite);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await target.screenshot({ path: file, animations: "disabled" });
  return file;
}
