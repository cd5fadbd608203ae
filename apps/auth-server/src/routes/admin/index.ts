// The admin dashboard's operations (its session, the invite's user token, /admin/api), one
// implementation file per resource, mounted from the contracts with the guard their `security` asks
// for; refusals under /admin/api are audited.
import { authAdminOperationMap } from "@org/contracts";
import { AppError, clientIpKey, defineImplementations, mountOperations } from "@org/service-kit";
import { Router, type ErrorRequestHandler } from "express";
import type { AuthContext } from "../../context.ts";
import { adminGuardFor } from "../../http/guards.ts";
import { authJsonBody } from "../../http/json-body.ts";
import { RefusalAudit } from "../../services/admin-refusals.ts";
import { adminsImplementations } from "./admins.ts";
import { auditImplementations } from "./audit.ts";
import { passkeyImplementations } from "./passkeys.ts";
import { sessionImplementations } from "./session.ts";
import { tenantImplementations } from "./tenants.ts";
import { userImplementations } from "./users.ts";
import { webhookImplementations } from "./webhooks.ts";

/** Every admin operation's handler: one missing (or one too many) does not compile. */
export const adminImplementations = (ctx: AuthContext) =>
  defineImplementations(authAdminOperationMap)({
    ...sessionImplementations(ctx),
    ...tenantImplementations(ctx),
    ...userImplementations(ctx),
    ...passkeyImplementations(ctx),
    ...auditImplementations(ctx),
    ...adminsImplementations(ctx),
    ...webhookImplementations(ctx),
  });

export function adminApiRouter(ctx: AuthContext): Router {
  const router = Router();
  router.use(
    mountOperations({
      operations: authAdminOperationMap,
      implementations: adminImplementations(ctx),
      guard: adminGuardFor(ctx),
      body: authJsonBody(ctx.env),
    }),
  );
  router.use("/admin/api", adminRefusalAudit(ctx));
  return router;
}

/** Refusals under `/admin/api` (no session, no CSRF token) are audited, sparingly (see RefusalAudit). */
function adminRefusalAudit(ctx: AuthContext): ErrorRequestHandler {
  const refusals = new RefusalAudit(ctx);
  return (error: unknown, req, _res, next) => {
    const status = error instanceof AppError ? REFUSED[error.code] : undefined;
    if (!status || !(error instanceof AppError)) return next(error);
    refusals
      .record({
        clientKey: clientIpKey(req.ip),
        ip: req.ip,
        status,
        code: error.code,
        method: req.method,
        path: req.originalUrl.split("?")[0] ?? "",
        adminId: req.adminSession?.admin.id,
      })
      .catch((auditError: unknown) =>
        ctx.logger.error({ err: auditError }, "audit of a refused request failed"),
      )
      .finally(() => next(error));
  };
}

const REFUSED: Partial<Record<string, 401 | 403>> = { unauthenticated: 401, forbidden: 403 };
