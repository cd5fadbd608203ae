// The package as a site's backend gets it: `pnpm pack` (which replaces `catalog:`/`workspace:`, as
// for @org/authkit-sdk) holds the built ES modules, their types and the README, and a manifest npm
// and yarn accept. Needs `pnpm build` first.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "..");
let work: string;
let tarball: string;

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), "authkit-node-pack-"));
  execFileSync("pnpm", ["pack", "--pack-destination", work], { cwd: root, stdio: "pipe" });
  tarball = path.join(work, readdirSync(work).find((file) => file.endsWith(".tgz")) ?? "");
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

it("ships dist (modules and types) and the README, without sources", () => {
  const listing = execFileSync("tar", ["-tzf", tarball]).toString().split("\n");
  for (const file of ["dist/index.js", "dist/index.d.ts", "dist/verify.js", "dist/express.d.ts", "README.md"])
    expect(listing).toContain(`package/${file}`);
  expect(
    listing.filter((file) => file.startsWith("package/src/") || file.startsWith("package/test/")),
  ).toEqual([]);
});

it("keeps no pnpm-only protocol in its package.json", () => {
  const packed = execFileSync("tar", ["-xzOf", tarball, "package/package.json"]).toString();
  expect(packed).not.toMatch(/"(catalog|workspace):/);
  const manifest = JSON.parse(packed) as { dependencies: Record<string, string> };
  expect(manifest.dependencies.jose).toMatch(/^\^6\./);
});
