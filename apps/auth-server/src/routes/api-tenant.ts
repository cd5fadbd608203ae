import {
  ExternalIdParams,
  RenamePasskeyRequestSchema,
  TenantIdParams,
  UpsertUserRequestSchema,
  UserPasskeyParams,
  UserTokenRequestSchema,
  VerifyAuthRequestSchema,
} from "@org/contracts";
import { parseWith } from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import { authOf, requireApiKey, userTokenStepUpSubject } from "../http/auth.ts";
import { noStore } from "../http/cookies.ts";
import type { RateLimits } from "../http/rate-limits.ts";
import { verifyAuth } from "../services/logins.ts";
import { deleteUserPasskey, listUserPasskeys, renameUserPasskey } from "../services/passkeys.ts";
import { tenantJwks } from "../services/signing-keys.ts";
import { citedPasskeyLogin } from "../services/step-up.ts";
import { issueSessionToken, issueUserToken } from "../services/tokens.ts";
import { deleteUserWithoutCredentials, getUser, setUserDisabled, upsertUser } from "../services/users.ts";
import type { OperationRoute, OperationRoutes } from "./operation-routes.ts";

/** /api/v1: called by tenants' servers with X-API-KEY. */
export function tenantApiRoutes(ctx: AuthContext, limits: RateLimits): OperationRoutes {
  // Per route, not for the whole prefix: an unknown /api/v1 path stays a plain not_found.
  const apiKeyAuth = [requireApiKey(ctx), limits.perTenant];

  return {
    "post /api/v1/user-token": {
      guard: apiKeyAuth,
      handle: async (req, res) => {
        const { tenant } = authOf(req, "tenant");
        const input = parseWith(UserTokenRequestSchema, req.body);
        // The token inherits a passkey login the tenant confirmed lately (or nothing is answered).
        const recordStepUp = input.stepUpChallengeId
          ? await citedPasskeyLogin({
              ctx,
              tenant,
              externalId: input.externalId,
              challengeId: input.stepUpChallengeId,
            })
          : undefined;
        const issued = await issueUserToken({ ctx, tenant, input });
        await recordStepUp?.(userTokenStepUpSubject(issued.userToken));
        noStore(res);
        res.json(issued);
      },
    },

    "post /api/v1/session-token": {
      guard: apiKeyAuth,
      handle: async (req, res) => {
        const { tenant } = authOf(req, "tenant");
        noStore(res);
        res.json(await issueSessionToken({ ctx, tenant }));
      },
    },

    "post /api/v1/verify-auth": {
      guard: apiKeyAuth,
      handle: async (req, res) => {
        const { tenant } = authOf(req, "tenant");
        const { challengeId } = parseWith(VerifyAuthRequestSchema, req.body);
        noStore(res);
        res.json(await verifyAuth({ ctx, tenant, challengeId }));
      },
    },

    // Public, for tenants' servers (@org/authkit-node): cacheable a minute only, so that a key made by
    // a rotation reaches a cache in front of the server before many tokens carry its kid.
    "get /t/{tenant_id}/.well-known/jwks.json": {
      handle: async (req, res) => {
        const { tenant_id } = parseWith(TenantIdParams, req.params);
        const jwks = await tenantJwks(ctx, tenant_id);
        res.set({ "Cache-Control": "public, max-age=60", "Access-Control-Allow-Origin": "*" });
        res.json(jwks);
      },
    },

    "post /api/v1/users": {
      guard: apiKeyAuth,
      handle: async (req, res) => {
        const { tenant } = authOf(req, "tenant");
        res.json(await upsertUser({ ctx, tenant, input: parseWith(UpsertUserRequestSchema, req.body) }));
      },
    },

    "get /api/v1/users/{external_id}": {
      guard: apiKeyAuth,
      handle: async (req, res) => {
        const { tenant } = authOf(req, "tenant");
        const { external_id } = parseWith(ExternalIdParams, req.params);
        res.json(await getUser({ ctx, tenant, externalId: external_id }));
      },
    },

    "delete /api/v1/users/{external_id}": {
      guard: apiKeyAuth,
      handle: async (req, res) => {
        const { tenant } = authOf(req, "tenant");
        const { external_id } = parseWith(ExternalIdParams, req.params);
        await deleteUserWithoutCredentials({ ctx, tenant, externalId: external_id });
        res.status(204).end();
      },
    },

    "get /api/v1/users/{external_id}/passkeys": {
      guard: apiKeyAuth,
      handle: async (req, res) => {
        const { tenant } = authOf(req, "tenant");
        const { external_id } = parseWith(ExternalIdParams, req.params);
        noStore(res);
        res.json(await listUserPasskeys({ ctx, tenant, externalId: external_id }));
      },
    },

    "patch /api/v1/users/{external_id}/passkeys/{passkey_id}": {
      guard: apiKeyAuth,
      handle: async (req, res) => {
        const { tenant } = authOf(req, "tenant");
        const { external_id, passkey_id } = parseWith(UserPasskeyParams, req.params);
        const { name } = parseWith(RenamePasskeyRequestSchema, req.body);
        res.json(
          await renameUserPasskey({ ctx, tenant, externalId: external_id, passkeyId: passkey_id, name }),
        );
      },
    },

    "delete /api/v1/users/{external_id}/passkeys/{passkey_id}": {
      guard: apiKeyAuth,
      handle: async (req, res) => {
        const { tenant } = authOf(req, "tenant");
        const { external_id, passkey_id } = parseWith(UserPasskeyParams, req.params);
        await deleteUserPasskey({ ctx, tenant, externalId: external_id, passkeyId: passkey_id, ip: req.ip });
        res.status(204).end();
      },
    },

    ...Object.fromEntries(
      (["disable", "enable"] as const).map((action) => [
        `post /api/v1/users/{external_id}/${action}`,
        {
          guard: apiKeyAuth,
          handle: async (req, res) => {
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
          },
        } satisfies OperationRoute,
      ]),
    ),
  };
}
