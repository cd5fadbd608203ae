// GET /docs: the OpenAPI document rendered by Swagger UI, served from the swagger-ui-dist package
// on this origin (no CDN), and GET /llms.txt: the whole API as one Markdown page.
import { createRequire } from "node:module";
import path from "node:path";
import { boardLlmsTxt } from "@org/contracts";
import express, { Router } from "express";

const swaggerDist = path.dirname(createRequire(__filename).resolve("swagger-ui-dist/package.json"));

export const DOCS_PATH = "/docs";
const ASSETS = `${DOCS_PATH}/assets`;

/** The few files of the package the page loads; nothing else of node_modules is exposed. */
const ASSET_FILES = new Set(["swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png"]);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Board API reference</title>
    <link rel="icon" type="image/png" href="${ASSETS}/favicon-32x32.png" />
    <link rel="stylesheet" href="${ASSETS}/swagger-ui.css" />
  </head>
  <body>
    <noscript>This page renders <a href="/openapi.json">/openapi.json</a>; see also <a href="/llms.txt">/llms.txt</a>.</noscript>
    <div id="swagger-ui"></div>
    <script src="${ASSETS}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATH}/init.js"></script>
  </body>
</html>
`;

// An external script, so the page needs no inline script under helmet's CSP (script-src 'self').
const INIT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
`;

/** /docs (HTML, its assets and initializer) and /llms.txt. */
export function referenceRoutes(): Router {
  const router = Router();
  const llmsTxt = boardLlmsTxt();

  router.get("/llms.txt", (_req, res) => {
    res.type("text/markdown; charset=utf-8").set("Cache-Control", "public, max-age=300").send(llmsTxt);
  });

  router.get(DOCS_PATH, (_req, res) => {
    res.type("html").set("Cache-Control", "public, max-age=300").send(PAGE);
  });
  router.get(`${DOCS_PATH}/init.js`, (_req, res) => {
    res.type("text/javascript").set("Cache-Control", "public, max-age=300").send(INIT);
  });
  const assets = express.static(swaggerDist, { index: false, fallthrough: true, maxAge: "1h" });
  router.use(ASSETS, (req, res, next) => {
    if (!ASSET_FILES.has(req.path.replace(/^\//, ""))) {
      next();
      return;
    }
    assets(req, res, next);
  });
  return router;
}
