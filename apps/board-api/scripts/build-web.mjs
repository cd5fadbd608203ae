// `build:web`: the web app (src/web/) into dist/web/, content-hashed, with dist/web/manifest.json
// for the page to link them. `@org/authkit-sdk` resolves to /app/sdk/authkit.js, which board-api
// redirects to the SDK its auth server serves (AUTH_SERVER_URL).
import { rm } from "node:fs/promises";
import path from "node:path";
import { bundleBrowser } from "@org/web-build";

const root = path.resolve(import.meta.dirname, "..");
await rm(path.join(root, "dist/web"), { recursive: true, force: true });
await bundleBrowser({
  absWorkingDir: root,
  outdir: "dist/web",
  hashed: true,
  serveSdk: "/app/sdk/authkit.js",
  entryPoints: {
    app: "src/web/main.ts",
    "app-style": "src/web/app.css",
  },
});
