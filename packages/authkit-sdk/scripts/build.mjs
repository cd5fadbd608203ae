// Builds what the package publishes and what the auth server serves:
// - dist/authkit.js: one self-contained ES module with Lit, SimpleWebAuthn and the six components
//   (served at /sdk/authkit.js, or self-hosted), plus dist/chunks/qr-socket-*.js (the socket.io
//   client, imported only when a QR status is watched);
// - dist/embed/: the scripts of the auth server's /auth-embed and /register-embed pages (the same
//   modules, other entry points; content-hashed names listed in dist/embed/manifest.json);
// - dist/esm/: the unbundled ES modules and type declarations, for bundler users (`import … from
//   "@org/authkit-sdk"`, or `/core`, `/components/<name>`, `/i18n`), emitted by tsc.
// The served files (all but dist/esm/) get brotli and gzip copies (`.br`, `.gz`) next to them: the auth
// server sends those as they are, chosen by Accept-Encoding.
import { execFileSync } from "node:child_process";
import { rm } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { bundleBrowser, precompress } from "@org/web-build";

const root = path.resolve(import.meta.dirname, "..");
await rm(path.join(root, "dist"), { recursive: true, force: true });

// The socket.io client is needed only while a QR status is watched: a lazily imported chunk.
// German, French and Spanish are loaded when an element or a page speaks them.
const lazy = {
  "src/modules/qr/socket.ts": "qr-socket",
  // <authkit-login>, loaded once a page has one: the box does not fit authkit.js's size budget.
  "src/components/login/index.ts": "login",
  "src/i18n/de.ts": "i18n-de",
  "src/i18n/fr.ts": "i18n-fr",
  "src/i18n/es.ts": "i18n-es",
};
await bundleBrowser({
  absWorkingDir: root,
  outdir: "dist",
  entryPoints: { authkit: "src/index.ts" },
  lazy,
  keepNames: false,
});
await bundleBrowser({
  absWorkingDir: root,
  outdir: "dist/embed",
  hashed: true,
  lazy,
  entryPoints: { "auth-embed": "src/embed/auth-embed.ts", "register-embed": "src/embed/register-embed.ts" },
});

await precompress(path.join(root, "dist"), { skip: ["esm"] });

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { cwd: root, stdio: "inherit" });
