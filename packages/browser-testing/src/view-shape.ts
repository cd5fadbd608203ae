// The shape the apps' page code keeps (see each app's view-shape test): styles in *.styles.ts, no
// file over 400 lines, no render method or template function over 80, so no view grows back
// into one that does everything.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const MAX_FILE_LINES = 400;
export const MAX_RENDER_LINES = 80;

export interface ViewShape {
  /** Files over MAX_FILE_LINES: [file, lines]. */
  longFiles: Array<readonly [string, number]>;
  /** Every render method (`render()`, `renderColumn(…)`, …): ["file method", lines]. */
  renderMethods: Array<[string, number]>;
  /**
   * Every template function: a top-level function (declared or an arrow) that writes html``, the
   * render methods of plain modules: ["file function", lines].
   */
  templateFunctions: Array<[string, number]>;
  /** Files other than *.styles.ts and styles.ts that write css``. */
  inlineStyles: string[];
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/** The shape of the TypeScript sources under `dir` (names relative to it). */
export function viewShape(dir: string): ViewShape {
  const sources = files(dir).filter((file) => file.endsWith(".ts"));
  const name = (file: string) => path.relative(dir, file);
  const text = new Map(sources.map((file) => [file, readFileSync(file, "utf8")]));

  const renderMethods = sources.flatMap((file) => {
    const lines = text.get(file)!.split("\n");
    const found: Array<[string, number]> = [];
    lines.forEach((line, start) => {
      const method = /^ {2}(?:protected override |private |override )?(render\w*)\(/.exec(line);
      if (!method) return;
      const end = lines.findIndex((candidate, index) => index > start && candidate === "  }");
      found.push([`${name(file)} ${method[1]}`, end - start + 1]);
    });
    return found;
  });

  const templateFunctions = sources.flatMap((file) => {
    const lines = text.get(file)!.split("\n");
    const found: Array<[string, number]> = [];
    lines.forEach((line, start) => {
      const fn = /^(?:export )?(?:(?:async )?function (\w+)|const (\w+) = (?:async )?\()/.exec(line);
      if (!fn) return;
      // It runs until the next top-level statement (a line at column 0 that closes nothing), less
      // the blank lines before it.
      let end = lines.findIndex((candidate, index) => index > start && /^[^\s})\]`]/.test(candidate));
      if (end < 0) end = lines.length;
      do end -= 1;
      while (lines[end]!.trim() === "");
      if (!/\bhtml`/.test(lines.slice(start, end + 1).join("\n"))) return;
      found.push([`${name(file)} ${fn[1] ?? fn[2]}`, end - start + 1]);
    });
    return found;
  });

  return {
    templateFunctions,
    longFiles: sources
      .map((file) => [name(file), text.get(file)!.split("\n").length] as const)
      .filter(([, lines]) => lines > MAX_FILE_LINES),
    renderMethods,
    inlineStyles: sources
      .filter((file) => !file.endsWith(".styles.ts") && !file.endsWith(`${path.sep}styles.ts`))
      .filter((file) => /\bcss`/.test(text.get(file)!))
      .map(name),
  };
}
