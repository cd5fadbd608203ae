import {
  ExternalIdParams,
  UpsertUserRequestSchema,
  UserPasskeyParams,
  UserTokenRequestSchema,
  VerifyAuthRequestSchema,
} from "@org/contracts";
import { parseWith } from "@org/service-kit";
import { Router } from "express";
import type { AuthContext } from "../context.ts";
import { authOf, requireApiKey } from "../http/auth.ts";
import { noStore } from "../http/cookies.ts";
import type { RateLimits } from "../http/rate-limits.ts";
import { verifyAuth } from "../services/logins.ts";
import { deleteUserPasskey, listUserPasskeys } from "../services/passkeys.ts";
import { issueSessionToken, issueUserToken } from "../services/tokens.ts";
import { deleteUserWithoutCredentials, getUser, setUserDisabled, upsertUser } from "../services/users.ts";

/** /api/v1: called by tenants' servers with X-API-KEY. */
export function tenantApiRouter(ctx: AuthContext, limits: RateLimits): Router {
  const router = Router();
  // Per route, not router.use: an unknown /api/v1 path stays a plain not_found.
  const apiKeyAuth = [requireApiKey(ctx), limits.perTenant];

  router.post("/user-token", ...apiKeyAuth, async (req, res) => {
    const { tenant } = authOf(req, "tenant");
    const input = parseWith(UserTokenRequestSchema, req.body);
    noStore(res);
    res.json(await issueUserToken({ ctx, tenant, input }));
  });

  router.post("/session-token", ...apiKeyAuth, async (req, res) => {
    const { tenant } = authOf(req, "tenant");
    noStore(res);
    res.json(await issueSessionToken({ ctx, tenant }));
  });

  router.post("/verify-auth", ...apiKeyAuth, async (req, res) => {
    const { tenant } = authOf(req, "tenant");
    const { challengeId } = parseWith(VerifyAuthRequestSchema, req.body);
    noStore(res);
    res.json(await verifyAuth({ ctx, tenant, challengeId }));
  });

  router.post("/users", ...apiKeyAuth, async (req, res) => {
    const { tenant } = authOf(req, "tenant");
    res.json(await upsertUser({ ctx, tenant, input: parseWith(UpsertUserRequestSchema, req.body) }));
  });

  router.get("/users/:external_id", ...apiKeyAuth, async (req, res) => {
    const { tenant } = authOf(req, "tenant");
    const { external_id } = parseWith(ExternalIdParams, req.params);
    res.json(await getUser({ ctx, tenant, externalId: external_id }));
  });

  router.delete("/users/:external_id", ...apiKeyAuth, async (req, res) => {
    const { tenant } = authOf(req, "tenant");
    const { external_id } = parseWith(ExternalIdParams, req.params);
    await deleteUserWithoutCredentials({ ctx, tenant, externalId: external_id });
    res.status(204).end();
  });

  router.get("/users/:external_id/passkeys", ...apiKeyAuth, async (req, res) => {
    const { tenant } = authOf(req, "tenant");
    const { external_id } = parseWith(ExternalIdParams, req.params);
    noStore(res);
    res.json(await listUserPasskeys({ ctx, tenant, externalId: external_id }));
  });

  router.delete("/users/:external_id/passkeys/:id", ...apiKeyAuth, async (req, res) => {
    const { tenant } = authOf(req, "tenant");
    const { external_id, id } = parseWith(UserPasskeyParams, req.params);
    await deleteUserPasskey({ ctx, tenant, externalId: external_id, passkeyId: id, ip: req.ip });
    res.status(204).end();
  });

  for (const action of ["disable", "enable"] as const) {
    router.post(`/users/:external_id/${action}`, ...apiKeyAuth, async (req, res) => {
      const { tenant } = authOf(req, "tenant");
      const { external_id } = parseWith(ExternalIdParams, req.params);
      res.json(
        await setUserDisabled({
          ctx,
          tenant,
          externalId: external_id,
          disabled: action === "disable",
          ip: req.ip,
        }),
      );
    });
  }
  return router;
}
