// GET /docs: a service's OpenAPI document rendered by Swagger UI, served from the swagger-ui-dist
// package on the service's own origin (no CDN, no inline script: helmet's CSP stays script-src 'self').
// board-api and the auth server mount it the same way, each for its own /openapi.json.
import { createRequire } from "node:module";
import path from "node:path";
import express, { Router } from "express";

const swaggerDist = path.dirname(createRequire(__filename).resolve("swagger-ui-dist/package.json"));

export const DOCS_PATH = "/docs";
const ASSETS = `${DOCS_PATH}/assets`;

/** The few files of the package the page loads; nothing else of node_modules is exposed. */
const ASSET_FILES = new Set(["swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png"]);

export interface ApiDocsOptions {
  /** The page title, e.g. "Board API reference". */
  title: string;
  /** Where the service serves its OpenAPI document. Default `/openapi.json`. */
  openApiPath?: string;
  /** Other documents the no-script text points to (e.g. `/llms.txt`). */
  seeAlso?: string[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page({ title, openApiPath = "/openapi.json", seeAlso = [] }: ApiDocsOptions): string {
  const also = seeAlso
    .map((url) => `; see also <a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`)
    .join("");
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)}</title>
    <link rel="icon" type="image/png" href="${ASSETS}/favicon-32x32.png" />
    <link rel="stylesheet" href="${ASSETS}/swagger-ui.css" />
  </head>
  <body>
    <noscript>This page renders <a href="${escapeHtml(openApiPath)}">${escapeHtml(openApiPath)}</a>${also}.</noscript>
    <div id="swagger-ui"></div>
    <script src="${ASSETS}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATH}/init.js"></script>
  </body>
</html>
`;
}

// An external script, so the page needs no inline script under helmet's CSP (script-src 'self').
const init = (openApiPath: string) => `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(openApiPath)},
    dom_id: "#swagger-ui",
    deepLinking: true,
    displayOperationId: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
`;

/** /docs (the HTML page), /docs/init.js and the renderer's files under /docs/assets. */
export function apiDocsRoutes(options: ApiDocsOptions): Router {
  const router = Router();
  const html = page(options);
  const script = init(options.openApiPath ?? "/openapi.json");
  router.get(DOCS_PATH, (_req, res) => {
    res.type("html").set("Cache-Control", "public, max-age=300").send(html);
  });
  router.get(`${DOCS_PATH}/init.js`, (_req, res) => {
    res.type("text/javascript").set("Cache-Control", "public, max-age=300").send(script);
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
