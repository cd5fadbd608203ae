// The web app keeps the shape its views were given: styles in *.styles.ts, no file over 400
// lines, no render method over 80, so no view grows back into one that does everything.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const WEB = path.join(__dirname, "../../src/web");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}
const sources = files(WEB).filter((file) => file.endsWith(".ts"));
const name = (file: string) => path.relative(WEB, file);

/** Each render method (`render()`, `renderColumn(…)`, …) of a class, with its length in lines. */
function renderMethods(file: string): Array<[string, number]> {
  const lines = readFileSync(file, "utf8").split("\n");
  const found: Array<[string, number]> = [];
  lines.forEach((line, start) => {
    const method = /^ {2}(?:protected override |private |override )?(render\w*)\(/.exec(line);
    if (!method) return;
    const end = lines.findIndex((candidate, index) => index > start && candidate === "  }");
    found.push([`${name(file)} ${method[1]}`, end - start + 1]);
  });
  return found;
}

describe("the web app's views", () => {
  it("are files of at most 400 lines", () => {
    const long = sources
      .map((file) => [name(file), readFileSync(file, "utf8").split("\n").length] as const)
      .filter(([, lines]) => lines > 400);
    expect(long).toEqual([]);
  });

  it("have render methods of at most 80 lines", () => {
    const methods = sources.flatMap(renderMethods);
    expect(methods.length).toBeGreaterThan(20);
    expect(methods.filter(([, lines]) => lines > 80)).toEqual([]);
  });

  it("keep their styles in *.styles.ts (components compose them; no css`` elsewhere)", () => {
    const inline = sources
      .filter((file) => !file.endsWith(".styles.ts") && !file.endsWith("/styles.ts"))
      .filter((file) => /\bcss`/.test(readFileSync(file, "utf8")))
      .map(name);
    expect(inline).toEqual([]);
  });
});
