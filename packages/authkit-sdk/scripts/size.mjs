// The size budget of the SDK, run by `pnpm test` (so in CI): the main module, with Lit and all
// five components, must stay at most 35 KB gzipped. The lazily loaded QR chunk (the socket.io
// client) is reported apart. Needs `pnpm build` first.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 35 * 1024;
const dist = path.resolve(import.meta.dirname, "../dist");

const gzipped = async (file) => {
  const bytes = await readFile(file);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const main = await gzipped(path.join(dist, "authkit.js"));
const source = await readFile(path.join(dist, "authkit.js"), "utf8");
if (/^\s*import\s*[{*\w]|[;}]import\s*[{*\w"]/m.test(source.replace(/import\(/g, ""))) {
  console.error("dist/authkit.js imports another file statically: the main module must be self-contained");
  process.exit(1);
}
console.log(`authkit.js          ${kb(main.raw)} raw, ${kb(main.gzip)} gzipped (budget ${kb(BUDGET_BYTES)})`);
for (const file of (await readdir(path.join(dist, "chunks"))).filter((name) => name.endsWith(".js"))) {
  const chunk = await gzipped(path.join(dist, "chunks", file));
  console.log(`chunks/${file}  ${kb(chunk.raw)} raw, ${kb(chunk.gzip)} gzipped (lazy: QR status socket)`);
}
if (main.gzip > BUDGET_BYTES) {
  console.error(`authkit.js is ${kb(main.gzip)} gzipped, over the ${kb(BUDGET_BYTES)} budget`);
  process.exit(1);
}
