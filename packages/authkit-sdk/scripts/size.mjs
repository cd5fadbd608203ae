// The size budgets of the SDK, run by `pnpm test` (so in CI); needs `pnpm build` first.
// - dist/authkit.js, the script tag's module with Lit and all six components: at most 30 KB gzipped;
//   its lazy chunks hold no copy of Lit.
// - `@org/authkit-sdk/core` (the JS API, no Lit) as a bundler builds it from dist/esm: the entry
//   chunk at most 7 KB gzipped (the QR flow and the socket.io client are lazy chunks, reported apart).
// The packed package is also built by a Vite app in test/package.test.ts, with the same budget.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

export const FULL_BUDGET = 30 * 1024;
export const CORE_BUDGET = 7 * 1024;
const dist = path.resolve(import.meta.dirname, "../dist");
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let failed = false;

const main = await readFile(path.join(dist, "authkit.js"));
if (/^\s*import\s*[{*\w]|[;}]import\s*[{*\w"]/m.test(main.toString().replace(/import\(/g, ""))) {
  console.error("dist/authkit.js imports another file statically: the main module must be self-contained");
  failed = true;
}
console.log(
  `authkit.js          ${kb(main.length)} raw, ${kb(gzip(main))} gzipped (budget ${kb(FULL_BUDGET)})`,
);
for (const file of (await readdir(path.join(dist, "chunks"))).filter((name) => name.endsWith(".js"))) {
  const chunk = await readFile(path.join(dist, "chunks", file));
  console.log(
    `chunks/${file}  ${kb(chunk.length)} raw, ${kb(gzip(chunk))} gzipped (lazy: ${file.startsWith("i18n") ? "a language" : file.startsWith("login") ? "<authkit-login>" : "QR status socket"})`,
  );
}
// A lazy chunk takes Lit and the SDK's modules from authkit.js (@org/web-build's shared chunks), not
// a copy of its own: one Lit, one AuthKitError class on the page.
for (const file of (await readdir(path.join(dist, "chunks"))).filter((name) => name.endsWith(".js"))) {
  if (
    /litHtmlVersions|reactiveElementVersions/.test(await readFile(path.join(dist, "chunks", file), "utf8"))
  ) {
    console.error(`chunks/${file} carries its own copy of Lit`);
    failed = true;
  }
}
if (gzip(main) > FULL_BUDGET) {
  console.error(`authkit.js is ${kb(gzip(main))} gzipped, over the ${kb(FULL_BUDGET)} budget`);
  failed = true;
}

const core = await build({
  entryPoints: [path.join(dist, "esm/core/index.js")],
  bundle: true,
  splitting: true,
  format: "esm",
  minify: true,
  platform: "browser",
  target: "es2022",
  outdir: "out",
  write: false,
  metafile: true,
  logLevel: "silent",
});
// What a page loads before any lazy import: the entry and the chunks it imports statically.
const outputs = new Map(core.outputFiles.map((file) => [path.relative(process.cwd(), file.path), file]));
const entryPath = [...outputs.keys()].find((file) =>
  core.metafile.outputs[file]?.entryPoint?.endsWith("core/index.js"),
);
const initial = new Set();
const visit = (file) => {
  if (initial.has(file)) return;
  initial.add(file);
  for (const dependency of core.metafile.outputs[file]?.imports ?? []) {
    if (dependency.kind === "import-statement") visit(dependency.path);
  }
};
visit(entryPath);
const initialText = [...initial].map((file) => outputs.get(file)?.text ?? "").join("\n");
const initialSize = gzip(Buffer.from(initialText));
console.log(
  `core (initial load) ${kb(initialText.length)} raw, ${kb(initialSize)} gzipped (budget ${kb(CORE_BUDGET)})`,
);
for (const [file, output] of outputs) {
  if (initial.has(file) || !file.endsWith(".js")) continue;
  console.log(
    `core lazy ${path.basename(file).padEnd(24)} ${kb(output.contents.length)} raw, ${kb(gzip(output.contents))} gzipped`,
  );
}
if (initialSize > CORE_BUDGET) {
  console.error(
    `@org/authkit-sdk/core loads ${kb(initialSize)} gzipped at first, over the ${kb(CORE_BUDGET)} budget`,
  );
  failed = true;
}
if (/customElements\.define|lit-html|LitElement/.test(initialText)) {
  console.error("@org/authkit-sdk/core pulls in Lit or a component");
  failed = true;
}
if (failed) process.exit(1);
