// `build:web`: the auth server's page scripts and styles (src/web/) into dist/web/, content-hashed,
// with dist/web/manifest.json for the pages to link them. Page scripts import "@org/authkit-sdk",
// which resolves to the SDK the server serves at /sdk/authkit.js.
import path from "node:path";
import { buildAppPages } from "@org/web-build";

await buildAppPages({
  appDir: path.resolve(import.meta.dirname, ".."),
  serveSdk: true,
  entryPoints: {
    demo: "src/web/demo.ts",
    "demo-style": "src/web/demo.css",
    admin: "src/web/admin/index.ts",
    "admin-sign-in": "src/web/admin-sign-in.ts",
    "admin-invite": "src/web/admin-invite.ts",
    "theme-only": "src/web/theme-only.ts",
    "admin-style": "src/web/admin.css",
    "qr-phone": "src/web/qr-phone.ts",
    "qr-phone-style": "src/web/qr-phone.css",
  },
});
