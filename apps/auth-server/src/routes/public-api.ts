// /api/v1 and /auth/v1: every public operation of the registry (@org/contracts) mounted with
// service-kit's mountOperations. Who may call each comes from its `security` (http/guards.ts); the
// body is read after that, parsed with the operation's schemas, and the answer's status and
// Cache-Control come from the operation. A missing or extra implementation does not compile.
import { authPublicOperationMap } from "@org/contracts";
import { defineImplementations, mountOperations } from "@org/service-kit";
import type { Router } from "express";
import type { AuthContext } from "../context.ts";
import { guardFor } from "../http/guards.ts";
import { authJsonBody } from "../http/json-body.ts";
import type { RateLimits } from "../http/rate-limits.ts";
import { tenantApiImplementations } from "./api-tenant.ts";
import { authenticationImplementations } from "./authentication.ts";
import { passkeysImplementations } from "./passkeys.ts";
import { qrImplementations } from "./qr.ts";
import { registrationImplementations } from "./registration.ts";

/** Every public operation's handler, checked against the whole registry. */
export function publicImplementations(ctx: AuthContext) {
  return defineImplementations(authPublicOperationMap)({
    ...tenantApiImplementations(ctx),
    ...registrationImplementations(ctx),
    ...authenticationImplementations(ctx),
    ...passkeysImplementations(ctx),
    ...qrImplementations(ctx),
  });
}

export function publicApiRouter(ctx: AuthContext, limits: RateLimits): Router {
  return mountOperations({
    operations: authPublicOperationMap,
    implementations: publicImplementations(ctx),
    guard: guardFor(ctx, limits),
    body: authJsonBody(ctx.env),
  });
}
