import {
  AuthenticateFinishRequestSchema,
  AddOwnPasskeyStartRequestSchema,
  authAdminOperations,
  AdminIdParams,
  AdminPasskeyParams,
  AuditFilterQuery,
  AuditQuery,
  CreateTenantRequestSchema,
  CreateTenantWebhookRequestSchema,
  InviteAdminRequestSchema,
  ListQuery,
  RegisterFinishRequestSchema,
  TenantIdParams,
  TenantUserParams,
  TenantUserSessionParams,
  TenantWebhookDeliveryParams,
  TenantWebhookParams,
  UpdateTenantRequestSchema,
  UsersQuery,
} from "@org/contracts";
import { AppError, clientIpKey, parseWith } from "@org/service-kit";
import { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from "express";
import type { AuthContext } from "../context.ts";
import { authJsonBody } from "../http/json-body.ts";
import { adminOf, requireAdminSession, requireCsrf } from "../http/admin-session.ts";
import { noStore } from "../http/cookies.ts";
import {
  deleteOwnPasskey,
  finishOwnPasskey,
  listOwnPasskeys,
  startOwnPasskey,
  finishAdminStepUp,
  startAdminStepUp,
} from "../services/admin-passkeys.ts";
import { RefusalAudit } from "../services/admin-refusals.ts";
import { dashboardTenant } from "../services/admin-tenant.ts";
import { inviteAdmin, listAdmins, removeAdmin } from "../services/admins.ts";
import type { Actor } from "../services/audit.ts";
import { auditCsv, listAudit, type AuditFilter } from "../services/audit.ts";
import {
  deleteUserAsAdmin,
  listUserSessions,
  listUsersForAdmin,
  revokeUserSessions,
} from "../services/admin-users.ts";
import { deletePasskeyAsAdmin, listPasskeysForAdmin } from "../services/passkeys.ts";
import {
  createTenant,
  pageTenants,
  rotateTenantKey,
  setTenantDisabled,
  tenantView,
  updateTenant,
  type Tenant,
} from "../services/tenants.ts";
import {
  addTenantWebhook,
  listTenantWebhookDeliveries,
  listTenantWebhooks,
  removeTenantWebhook,
  replayTenantDelivery,
} from "../services/tenant-webhook-admin.ts";
import { setUserDisabled } from "../services/users.ts";
import { adminSessionRoutes } from "./admin-session.ts";
import { operationsRouter, type OperationRoute, type OperationRoutes } from "./operation-routes.ts";

const actorOf = (req: Request): Actor => ({ adminId: adminOf(req).admin.id, ip: req.ip });
/** The tenant that `/tenants/{tenant_id}` resolved (built-in tenants are not_found). */
const tenantOf = (res: Response) => res.locals.tenant as Tenant;

/** Loads the tenant of `/tenants/{tenant_id}` into res.locals (built-in tenants are not_found). */
function tenantLoader(ctx: AuthContext): RequestHandler {
  return async (req, res, next) => {
    res.locals.tenant = await dashboardTenant({
      db: ctx.db,
      id: parseWith(TenantIdParams, req.params).tenant_id,
    });
    next();
  };
}

/**
 * What every path under `/admin/api` goes through first: a session cookie (401 without), the
 * session's CSRF token on every state change (403 without), nothing cached.
 */
function adminApiGuard(ctx: AuthContext): RequestHandler[] {
  return [
    requireAdminSession(ctx),
    requireCsrf,
    (_req, res, next) => {
      noStore(res);
      next();
    },
  ];
}

/**
 * `/admin/api`: the dashboard's JSON API, one route per operation of the contracts' admin list,
 * behind `adminApiGuard`; every change is audited with the admin's id.
 */
function adminApiRoutes(ctx: AuthContext): OperationRoutes {
  const { db } = ctx;
  const tenant = [tenantLoader(ctx)];
  const tenantActions = (["disable", "enable"] as const).map((action) => [
    `post /admin/api/tenants/{tenant_id}/${action}`,
    {
      guard: tenant,
      handle: async (req: Request, res: Response) => {
        const id = tenantOf(res).id;
        res.json(
          tenantView(
            await setTenantDisabled({ db, id, disabled: action === "disable", actor: actorOf(req) }),
          ),
        );
      },
    } satisfies OperationRoute,
  ]);
  const userActions = (["disable", "enable"] as const).map((action) => [
    `post /admin/api/tenants/{tenant_id}/users/{external_id}/${action}`,
    {
      guard: tenant,
      handle: async (req: Request, res: Response) => {
        const { external_id: externalId } = parseWith(TenantUserParams, req.params);
        const { adminId, ip } = actorOf(req);
        res.json(
          await setUserDisabled({
            ctx,
            tenant: tenantOf(res),
            externalId,
            disabled: action === "disable",
            ip,
            adminId,
          }),
        );
      },
    } satisfies OperationRoute,
  ]);

  return {
    "get /admin/api/csrf": {
      handle: (req, res) => {
        res.json({ token: adminOf(req).csrfToken });
      },
    },

    // ---- tenants ----
    "get /admin/api/tenants": {
      handle: async (req, res) => {
        res.json(await pageTenants({ db, query: parseWith(ListQuery, req.query) }));
      },
    },

    "post /admin/api/tenants": {
      handle: async (req, res) => {
        const input = parseWith(CreateTenantRequestSchema, req.body);
        const { tenant, apiKey } = await createTenant({
          db,
          name: input.name,
          rpId: input.rp_id,
          origins: input.origins,
          registrationAttachment: input.registration_attachment,
          qrLogin: input.qr_login,
          selfSignup: input.self_signup,
          passwordLogin: input.password_login,
          actor: actorOf(req),
        });
        res.status(201).json({ tenant: tenantView(tenant), apiKey });
      },
    },

    "get /admin/api/tenants/{tenant_id}": {
      guard: tenant,
      handle: (_req, res) => {
        res.json(tenantView(tenantOf(res)));
      },
    },

    "patch /admin/api/tenants/{tenant_id}": {
      guard: tenant,
      handle: async (req, res) => {
        const { name, origins, registration_attachment, qr_login, self_signup, password_login } = parseWith(
          UpdateTenantRequestSchema,
          req.body,
        );
        const updated = await updateTenant({
          db,
          id: tenantOf(res).id,
          name,
          origins,
          registrationAttachment: registration_attachment,
          qrLogin: qr_login,
          selfSignup: self_signup,
          passwordLogin: password_login,
          actor: actorOf(req),
        });
        res.json(tenantView(updated));
      },
    },

    ...Object.fromEntries(tenantActions),

    "post /admin/api/tenants/{tenant_id}/rotate-key": {
      guard: tenant,
      handle: async (req, res) => {
        const { tenant: rotated, apiKey } = await rotateTenantKey({
          db,
          id: tenantOf(res).id,
          actor: actorOf(req),
        });
        res.json({ tenant: tenantView(rotated), apiKey });
      },
    },

    // ---- users and passkeys of a tenant ----
    "get /admin/api/tenants/{tenant_id}/users": {
      guard: tenant,
      handle: async (req, res) => {
        res.json(
          await listUsersForAdmin({ ctx, tenant: tenantOf(res), query: parseWith(UsersQuery, req.query) }),
        );
      },
    },

    ...Object.fromEntries(userActions),

    "delete /admin/api/tenants/{tenant_id}/users/{external_id}": {
      guard: tenant,
      handle: async (req, res) => {
        const { external_id: externalId } = parseWith(TenantUserParams, req.params);
        await deleteUserAsAdmin({ ctx, tenant: tenantOf(res), externalId, actor: actorOf(req) });
        res.status(204).end();
      },
    },

    "get /admin/api/tenants/{tenant_id}/users/{external_id}/sessions": {
      guard: tenant,
      handle: async (req, res) => {
        const { external_id: externalId } = parseWith(TenantUserParams, req.params);
        res.json(await listUserSessions({ ctx, tenant: tenantOf(res), externalId }));
      },
    },

    "delete /admin/api/tenants/{tenant_id}/users/{external_id}/sessions": {
      guard: tenant,
      handle: async (req, res) => {
        const { external_id: externalId } = parseWith(TenantUserParams, req.params);
        const revoked = await revokeUserSessions({
          ctx,
          tenant: tenantOf(res),
          externalId,
          actor: actorOf(req),
        });
        res.json({ revoked });
      },
    },

    "delete /admin/api/tenants/{tenant_id}/users/{external_id}/sessions/{session_id}": {
      guard: tenant,
      handle: async (req, res) => {
        const { external_id: externalId, session_id: sessionId } = parseWith(
          TenantUserSessionParams,
          req.params,
        );
        await revokeUserSessions({ ctx, tenant: tenantOf(res), externalId, sessionId, actor: actorOf(req) });
        res.status(204).end();
      },
    },

    "get /admin/api/tenants/{tenant_id}/users/{external_id}/passkeys": {
      guard: tenant,
      handle: async (req, res) => {
        const { external_id: externalId } = parseWith(TenantUserParams, req.params);
        res.json(await listPasskeysForAdmin({ ctx, tenant: tenantOf(res), externalId }));
      },
    },

    "delete /admin/api/passkeys/{passkey_id}": {
      handle: async (req, res) => {
        const { passkey_id } = parseWith(AdminPasskeyParams, req.params);
        await deletePasskeyAsAdmin({ ctx, passkeyId: passkey_id, actor: actorOf(req) });
        res.status(204).end();
      },
    },

    // ---- a tenant's webhooks ----
    "get /admin/api/tenants/{tenant_id}/webhooks": {
      guard: tenant,
      handle: async (req, res) => {
        res.json(await listTenantWebhooks(ctx, tenantOf(res), parseWith(ListQuery, req.query)));
      },
    },

    "post /admin/api/tenants/{tenant_id}/webhooks": {
      guard: tenant,
      handle: async (req, res) => {
        const input = parseWith(CreateTenantWebhookRequestSchema, req.body);
        res.status(201).json(await addTenantWebhook(ctx, tenantOf(res), input, actorOf(req)));
      },
    },

    "delete /admin/api/webhooks/{webhook_id}": {
      handle: async (req, res) => {
        const { webhook_id } = parseWith(TenantWebhookParams, req.params);
        await removeTenantWebhook(ctx, webhook_id, undefined, actorOf(req));
        res.status(204).end();
      },
    },

    "get /admin/api/webhooks/{webhook_id}/deliveries": {
      handle: async (req, res) => {
        const { webhook_id } = parseWith(TenantWebhookParams, req.params);
        res.json(await listTenantWebhookDeliveries(ctx, webhook_id, parseWith(ListQuery, req.query)));
      },
    },

    "post /admin/api/deliveries/{delivery_id}/replay": {
      handle: async (req, res) => {
        const { delivery_id } = parseWith(TenantWebhookDeliveryParams, req.params);
        res.json(await replayTenantDelivery(ctx, delivery_id, actorOf(req)));
      },
    },

    // ---- the signed-in administrator's own passkeys ----
    "get /admin/api/me/passkeys": {
      handle: async (req, res) => {
        res.json(await listOwnPasskeys({ ctx, session: adminOf(req) }));
      },
    },

    // Step-up: the session proves a passkey again before adding or removing one (step-up.ts).
    "post /admin/api/me/step-up/start": {
      handle: async (_req, res) => {
        noStore(res);
        res.json(await startAdminStepUp(ctx));
      },
    },

    "post /admin/api/me/step-up/finish": {
      handle: async (req, res) => {
        const input = parseWith(AuthenticateFinishRequestSchema, req.body);
        noStore(res);
        res.json(await finishAdminStepUp({ ctx, session: adminOf(req), input, ip: req.ip }));
      },
    },

    "post /admin/api/me/passkeys/register/start": {
      handle: async (req, res) => {
        const { name } = parseWith(AddOwnPasskeyStartRequestSchema, req.body ?? {});
        res.json(await startOwnPasskey({ ctx, session: adminOf(req), name }));
      },
    },

    "post /admin/api/me/passkeys/register/finish": {
      handle: async (req, res) => {
        const input = parseWith(RegisterFinishRequestSchema, req.body);
        res.status(201).json(await finishOwnPasskey({ ctx, session: adminOf(req), input, ip: req.ip }));
      },
    },

    "delete /admin/api/me/passkeys/{passkey_id}": {
      handle: async (req, res) => {
        const { passkey_id } = parseWith(AdminPasskeyParams, req.params);
        await deleteOwnPasskey({ ctx, session: adminOf(req), passkeyId: passkey_id, ip: req.ip });
        res.status(204).end();
      },
    },

    // ---- audit log ----
    "get /admin/api/audit": {
      handle: async (req, res) => {
        const query = parseWith(AuditQuery, req.query);
        res.json(
          await listAudit({ db, filter: auditFilter(query), limit: query.limit, cursor: query.cursor }),
        );
      },
    },

    "get /admin/api/audit/export": {
      handle: async (req, res) => {
        const filter = auditFilter(parseWith(AuditFilterQuery, req.query));
        const day = new Date(ctx.now()).toISOString().slice(0, 10);
        res.setHeader("Content-Type", "text/csv; charset=utf-8");
        res.setHeader("Content-Disposition", `attachment; filename="audit-${day}.csv"`);
        for await (const line of auditCsv({ db, filter })) {
          if (!res.write(line)) await new Promise((resolve) => res.once("drain", resolve));
        }
        res.end();
      },
    },

    // ---- administrators ----
    "get /admin/api/admins": {
      handle: async (req, res) => {
        res.json(await listAdmins({ ctx, query: parseWith(ListQuery, req.query) }));
      },
    },

    "post /admin/api/admins": {
      handle: async (req, res) => {
        const input = parseWith(InviteAdminRequestSchema, req.body);
        res.status(201).json(await inviteAdmin({ ctx, ...input, actor: actorOf(req) }));
      },
    },

    "delete /admin/api/admins/{admin_id}": {
      handle: async (req, res) => {
        const { admin_id } = parseWith(AdminIdParams, req.params);
        await removeAdmin({ ctx, idOrEmail: admin_id, actor: actorOf(req) });
        res.status(204).end();
      },
    },
  };
}

/** The audit log's filters as the service takes them. */
function auditFilter(query: AuditFilterQuery): AuditFilter {
  return {
    tenantId: query.tenant_id,
    type: query.type,
    userId: query.user_id,
    adminId: query.admin_id,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  };
}

/**
 * The dashboard's operations: its session, the invite's user token, and `/admin/api` behind
 * `adminApiGuard`, whose refusals are audited.
 */
export function adminApiRouter(ctx: AuthContext): Router {
  const router = Router();
  router.use("/admin/api", ...adminApiGuard(ctx));
  router.use(
    operationsRouter(
      authAdminOperations,
      { ...adminSessionRoutes(ctx), ...adminApiRoutes(ctx) },
      authJsonBody(ctx.env),
    ),
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
