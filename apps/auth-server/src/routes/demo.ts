import { VerifyAuthRequestSchema } from "@org/contracts";
import { parseWith, sendPage } from "@org/service-kit";
import { Router } from "express";
import type { AuthContext } from "../context.ts";
import { noStore } from "../http/cookies.ts";
import { authJsonBody } from "../http/json-body.ts";
import { demoPage } from "../pages/demo.ts";
import { pageText } from "../pages/i18n/index.ts";
import { demoTenant, demoTokens } from "../services/demo.ts";
import { verifyAuth } from "../services/logins.ts";

/**
 * `/demo` (not mounted when NODE_ENV=production): every component and the JS API against the
 * built-in demo tenant. The page plays the tenant's site; `POST /demo/verify` plays its backend.
 */
export function demoRouter(ctx: AuthContext): Router {
  const router = Router();
  router.get("/demo", async (req, res) => {
    const { tenant, sessionToken, userToken, manageToken } = await demoTokens(ctx);
    res.setHeader("Vary", "Accept-Language");
    sendPage(
      res,
      demoPage({
        apiBaseUrl: new URL(ctx.env.PUBLIC_URL).origin,
        rpId: tenant.rpId,
        sessionToken,
        userToken,
        manageToken,
        text: pageText(req),
      }),
      {
        policy: {},
      },
    );
  });
  router.post("/demo/verify", authJsonBody(ctx.env), async (req, res) => {
    const { challengeId } = parseWith(VerifyAuthRequestSchema, req.body);
    noStore(res);
    res.json(await verifyAuth({ ctx, tenant: await demoTenant(ctx), challengeId }));
  });
  return router;
}
