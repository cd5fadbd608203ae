// Run by `pnpm start` before turbo: when the build it is about to run has never run in this
// checkout (a fresh clone), say so, since it takes a while and prints little of its own.
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const outputs = [
  "packages/authkit-sdk/dist/authkit.js",
  "apps/auth-server/dist/web/manifest.json",
  "apps/auth-server/dist/server.js",
  "apps/board-api/dist/web/manifest.json",
  "apps/board-api/dist/server.js",
];
if (outputs.some((file) => !existsSync(path.join(root, file)))) {
  console.log(
    "pnpm start: first start in this checkout: building the web pages, the SDK and the servers (~40 s, once; later starts reuse the build)…",
  );
}
