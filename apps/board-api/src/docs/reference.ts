// GET /docs: the OpenAPI document rendered by Swagger UI (service-kit's apiDocsRoutes, as the auth
// server does), and GET /llms.txt: the whole API as one Markdown page.
import { boardLlmsTxt } from "@org/contracts";
import { apiDocsRoutes } from "@org/service-kit";
import { Router } from "express";

/** /docs (HTML, its assets and initializer) and /llms.txt. */
export function referenceRoutes(): Router {
  const router = Router();
  // Rendered on the first request, not with the app: most processes (and every test) never ask.
  let llmsTxt: string | undefined;

  router.get("/llms.txt", (_req, res) => {
    res
      .type("text/markdown; charset=utf-8")
      .set("Cache-Control", "public, max-age=300")
      .send((llmsTxt ??= boardLlmsTxt()));
  });
  router.use(apiDocsRoutes({ title: "Board API reference", seeAlso: ["/llms.txt"] }));
  return router;
}
