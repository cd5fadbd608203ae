// /api/v1 and /auth/v1: every public operation of the registry (@org/contracts), one route each.
import { authPublicOperations } from "@org/contracts";
import type { Router } from "express";
import type { AuthContext } from "../context.ts";
import { authJsonBody } from "../http/json-body.ts";
import type { RateLimits } from "../http/rate-limits.ts";
import { tenantApiRoutes } from "./api-tenant.ts";
import { authenticationRoutes } from "./authentication.ts";
import { operationsRouter } from "./operation-routes.ts";
import { passkeysRoutes } from "./passkeys.ts";
import { qrRoutes } from "./qr.ts";
import { registrationRoutes } from "./registration.ts";

export function publicApiRouter(ctx: AuthContext, limits: RateLimits): Router {
  return operationsRouter(
    authPublicOperations,
    {
      ...tenantApiRoutes(ctx, limits),
      ...registrationRoutes(ctx),
      ...authenticationRoutes(ctx, limits),
      ...passkeysRoutes(ctx),
      ...qrRoutes(ctx, limits),
    },
    authJsonBody(ctx.env),
  );
}
