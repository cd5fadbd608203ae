// The admin dashboard keeps the shape the board's views have: styles in *.styles.ts, no file over
// 400 lines, no render method or template function over 80, so no view grows back into one that does everything.
import path from "node:path";
import { viewShape } from "@org/browser-testing/view-shape";

const shape = viewShape(path.join(__dirname, "../../src/web/admin"));

describe("the admin dashboard's views", () => {
  it("are files of at most 400 lines", () => {
    expect(shape.longFiles).toEqual([]);
  });

  it("have render methods of at most 80 lines", () => {
    expect(shape.renderMethods.length).toBeGreaterThan(5);
    expect(shape.renderMethods.filter(([, lines]) => lines > 80)).toEqual([]);
  });

  it("have template functions of at most 80 lines", () => {
    expect(shape.templateFunctions.length).toBeGreaterThan(5);
    expect(shape.templateFunctions.filter(([, lines]) => lines > 80)).toEqual([]);
  });

  it("keep their styles in *.styles.ts (components compose them; no css`` elsewhere)", () => {
    expect(shape.inlineStyles).toEqual([]);
  });
});
