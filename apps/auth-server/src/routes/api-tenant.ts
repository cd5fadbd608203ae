// /api/v1: called by tenants' servers with X-API-KEY (and the public JWKS of a tenant's logins).
import { authPublicOperationsByGroup } from "@org/contracts";
import { defineImplementations } from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import { authOf, userTokenStepUpSubject } from "../http/auth.ts";
import { verifyAuth } from "../services/logins.ts";
import { deleteUserPasskey, listUserPasskeys, renameUserPasskey } from "../services/passkeys.ts";
import { tenantJwks } from "../services/signing-keys.ts";
import { citedPasskeyLogin } from "../services/step-up.ts";
import { issueSessionToken, issueUserToken } from "../services/tokens.ts";
import { deleteUserWithoutCredentials, getUser, setUserDisabled, upsertUser } from "../services/users.ts";

const { tokens, users } = authPublicOperationsByGroup;

export function tenantApiImplementations(ctx: AuthContext) {
  return defineImplementations({ ...tokens, ...users })({
    createUserToken: async ({ body: input }, { req }) => {
      const { tenant } = authOf(req, "tenant");
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
      return issued;
    },

    createSessionToken: (_input, { req }) => issueSessionToken({ ctx, tenant: authOf(req, "tenant").tenant }),

    verifyAuth: ({ body: { challengeId } }, { req }) =>
      verifyAuth({ ctx, tenant: authOf(req, "tenant").tenant, challengeId }),

    // Public, for tenants' servers (@org/authkit-node): cacheable a minute only, so that a key made by
    // a rotation reaches a cache in front of the server before many tokens carry its kid.
    getTenantJwks: ({ params }, { res }) => {
      res.set({ "Cache-Control": "public, max-age=60", "Access-Control-Allow-Origin": "*" });
      return tenantJwks(ctx, params.tenant_id);
    },

    createUser: ({ body: input }, { req }) =>
      upsertUser({ ctx, tenant: authOf(req, "tenant").tenant, input }),

    getUser: ({ params }, { req }) =>
      getUser({ ctx, tenant: authOf(req, "tenant").tenant, externalId: params.external_id }),

    deleteUser: ({ params }, { req }) =>
      deleteUserWithoutCredentials({
        ctx,
        tenant: authOf(req, "tenant").tenant,
        externalId: params.external_id,
      }),

    disableUser: ({ params }, { req }) =>
      setUserDisabled({
        ctx,
        tenant: authOf(req, "tenant").tenant,
        externalId: params.external_id,
        disabled: true,
        ip: req.ip,
      }),

    enableUser: ({ params }, { req }) =>
      setUserDisabled({
        ctx,
        tenant: authOf(req, "tenant").tenant,
        externalId: params.external_id,
        disabled: false,
        ip: req.ip,
      }),

    listUserPasskeys: ({ params }, { req }) =>
      listUserPasskeys({ ctx, tenant: authOf(req, "tenant").tenant, externalId: params.external_id }),

    renameUserPasskey: ({ params, body }, { req }) =>
      renameUserPasskey({
        ctx,
        tenant: authOf(req, "tenant").tenant,
        externalId: params.external_id,
        passkeyId: params.passkey_id,
        name: body.name,
      }),

    deleteUserPasskey: ({ params }, { req }) =>
      deleteUserPasskey({
        ctx,
        tenant: authOf(req, "tenant").tenant,
        externalId: params.external_id,
        passkeyId: params.passkey_id,
        ip: req.ip,
      }),
  });
}
