// `build:web`: the web app (src/web/) into dist/web/, content-hashed, with dist/web/manifest.json
// for the page to link them. `@org/authkit-sdk` resolves to /app/sdk/authkit.js, which board-api
// redirects to the SDK its auth server serves (AUTH_SERVER_URL).
import path from "node:path";
import { buildAppPages } from "@org/web-build";

await buildAppPages({
  appDir: path.resolve(import.meta.dirname, ".."),
  serveSdk: "/app/sdk/authkit.js",
  entryPoints: {
    app: "src/web/main.ts",
    "app-style": "src/web/app.css",
  },
});
