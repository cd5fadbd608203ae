// Bundles the SDK into one ES module (Lit and SimpleWebAuthn inlined): the file the auth
// server serves at /sdk/authkit.js and that sites can self-host.
import { build } from "esbuild";

await build({
  entryPoints: ["src/index.ts"],
  outfile: "dist/authkit.js",
  bundle: true,
  format: "esm",
  platform: "browser",
  target: ["es2022"],
  minify: true,
  sourcemap: true,
  legalComments: "linked",
});
