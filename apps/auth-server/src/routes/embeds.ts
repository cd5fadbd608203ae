import { EmbedQuerySchema } from "@org/contracts";
import { parseWith, sendPage } from "@org/service-kit";
import { Router } from "express";
import type { AuthContext } from "../context.ts";
import { embedPage, embedRefusedPage, type EmbedKind } from "../pages/embeds.ts";
import { pageText } from "../pages/i18n/index.ts";
import { embedAncestor } from "../services/embeds.ts";

/**
 * `GET /auth-embed?origin=&lang=` and `GET /register-embed?origin=&lang=`: the iframes of the SDK's
 * components, in the element's language (else the browser's).
 * `frame-ancestors <origin>` only for an allowed origin of an enabled tenant, else `'none'` (403).
 */
export function embedsRouter(ctx: AuthContext): Router {
  const router = Router();
  for (const kind of ["auth-embed", "register-embed"] as const satisfies EmbedKind[]) {
    router.get(`/${kind}`, async (req, res) => {
      const { origin } = parseWith(EmbedQuerySchema, req.query);
      const ancestor = await embedAncestor({ ctx, origin });
      const text = pageText(req);
      res.setHeader("Vary", "Accept-Language");
      if (!ancestor) return sendPage(res, embedRefusedPage(kind, text), { status: 403 });
      sendPage(res, embedPage(kind, text), { policy: { frameAncestors: [ancestor] } });
    });
  }
  return router;
}
