// `build:web`: the auth server's page scripts and styles (src/web/) into dist/web/, content-hashed,
// with dist/web/manifest.json for the pages to link them. Page scripts import "@org/authkit-sdk",
// which resolves to the SDK the server serves at /sdk/authkit.js.
import { rm } from "node:fs/promises";
import path from "node:path";
import { bundleBrowser } from "@org/web-build";

const root = path.resolve(import.meta.dirname, "..");
await rm(path.join(root, "dist/web"), { recursive: true, force: true });
await bundleBrowser({
  absWorkingDir: root,
  outdir: "dist/web",
  hashed: true,
  serveSdk: true,
  entryPoints: {
    demo: "src/web/demo.ts",
    "demo-style": "src/web/demo.css",
    admin: "src/web/admin/index.ts",
    "admin-sign-in": "src/web/admin-sign-in.ts",
    "admin-invite": "src/web/admin-invite.ts",
    "admin-style": "src/web/admin.css",
    "qr-phone": "src/web/qr-phone.ts",
    "qr-phone-style": "src/web/qr-phone.css",
  },
});
