import {
  AddOwnPasskeyStartRequestSchema,
  AdminIdParams,
  AdminPasskeyParams,
  AuditQuery,
  CreateTenantRequestSchema,
  InviteAdminRequestSchema,
  ListQuery,
  RegisterFinishRequestSchema,
  TenantIdParams,
  TenantUserParams,
  UpdateTenantRequestSchema,
  UsersQuery,
} from "@org/contracts";
import { AppError, clientIpKey, parseWith } from "@org/service-kit";
import { Router, type NextFunction, type Request, type Response } from "express";
import type { AuthContext } from "../context.ts";
import { adminOf, requireAdminSession, requireCsrf } from "../http/admin-session.ts";
import { noStore } from "../http/cookies.ts";
import {
  deleteOwnPasskey,
  finishOwnPasskey,
  listOwnPasskeys,
  startOwnPasskey,
} from "../services/admin-passkeys.ts";
import { RefusalAudit } from "../services/admin-refusals.ts";
import { dashboardTenant } from "../services/admin-tenant.ts";
import { inviteAdmin, listAdmins, removeAdmin } from "../services/admins.ts";
import type { Actor } from "../services/audit.ts";
import { listAudit } from "../services/audit.ts";
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
import { listUsers, setUserDisabled } from "../services/users.ts";

const actorOf = (req: Request): Actor => ({ adminId: adminOf(req).admin.id, ip: req.ip });
/** The tenant that `/tenants/:id` resolved (built-in tenants are not_found). */
const tenantOf = (res: Response) => res.locals.tenant as Tenant;

/**
 * `/admin/api`: the dashboard's JSON API. A session cookie (401 without), the session's CSRF token
 * on every state change (403 without), nothing cached; every change is audited with the admin's id.
 */
export function adminApiRouter(ctx: AuthContext): Router {
  const { db } = ctx;
  const router = Router();
  router.use(requireAdminSession(ctx), requireCsrf, (_req, res, next) => {
    noStore(res);
    next();
  });

  router.get("/csrf", (req, res) => {
    res.json({ token: adminOf(req).csrfToken });
  });

  // ---- tenants ----
  router.get("/tenants", async (req, res) => {
    res.json(await pageTenants({ db, query: parseWith(ListQuery, req.query) }));
  });

  router.post("/tenants", async (req, res) => {
    const input = parseWith(CreateTenantRequestSchema, req.body);
    const { tenant, apiKey } = await createTenant({
      db,
      name: input.name,
      rpId: input.rp_id,
      origins: input.origins,
      registrationAttachment: input.registration_attachment,
      qrLogin: input.qr_login,
      actor: actorOf(req),
    });
    res.status(201).json({ tenant: tenantView(tenant), apiKey });
  });

  const tenant = Router({ mergeParams: true });
  router.use(
    "/tenants/:id",
    async (req, res, next) => {
      res.locals.tenant = await dashboardTenant({ db, id: parseWith(TenantIdParams, req.params).id });
      next();
    },
    tenant,
  );

  tenant.get("/", (_req, res) => {
    res.json(tenantView(tenantOf(res)));
  });

  tenant.patch("/", async (req, res) => {
    const { name, origins, registration_attachment, qr_login } = parseWith(
      UpdateTenantRequestSchema,
      req.body,
    );
    const id = tenantOf(res).id;
    const tenant = await updateTenant({
      db,
      id,
      name,
      origins,
      registrationAttachment: registration_attachment,
      qrLogin: qr_login,
      actor: actorOf(req),
    });
    res.json(tenantView(tenant));
  });

  for (const action of ["disable", "enable"] as const) {
    tenant.post(`/${action}`, async (req, res) => {
      const id = tenantOf(res).id;
      res.json(
        tenantView(await setTenantDisabled({ db, id, disabled: action === "disable", actor: actorOf(req) })),
      );
    });
  }

  tenant.post("/rotate-key", async (req, res) => {
    const { tenant: rotated, apiKey } = await rotateTenantKey({
      db,
      id: tenantOf(res).id,
      actor: actorOf(req),
    });
    res.json({ tenant: tenantView(rotated), apiKey });
  });

  // ---- users and passkeys of a tenant ----
  tenant.get("/users", async (req, res) => {
    res.json(await listUsers({ ctx, tenant: tenantOf(res), query: parseWith(UsersQuery, req.query) }));
  });

  for (const action of ["disable", "enable"] as const) {
    tenant.post(`/users/:externalId/${action}`, async (req, res) => {
      const { externalId } = parseWith(TenantUserParams, req.params);
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
    });
  }

  tenant.get("/users/:externalId/passkeys", async (req, res) => {
    const { externalId } = parseWith(TenantUserParams, req.params);
    res.json(await listPasskeysForAdmin({ ctx, tenant: tenantOf(res), externalId }));
  });

  router.delete("/passkeys/:id", async (req, res) => {
    const { id } = parseWith(AdminPasskeyParams, req.params);
    await deletePasskeyAsAdmin({ ctx, passkeyId: id, actor: actorOf(req) });
    res.status(204).end();
  });

  // ---- the signed-in administrator's own passkeys ----
  router.get("/me/passkeys", async (req, res) => {
    res.json(await listOwnPasskeys({ ctx, session: adminOf(req) }));
  });

  router.post("/me/passkeys/register/start", async (req, res) => {
    const { name } = parseWith(AddOwnPasskeyStartRequestSchema, req.body ?? {});
    res.json(await startOwnPasskey({ ctx, session: adminOf(req), name }));
  });

  router.post("/me/passkeys/register/finish", async (req, res) => {
    const input = parseWith(RegisterFinishRequestSchema, req.body);
    res.status(201).json(await finishOwnPasskey({ ctx, session: adminOf(req), input, ip: req.ip }));
  });

  router.delete("/me/passkeys/:id", async (req, res) => {
    const { id } = parseWith(AdminPasskeyParams, req.params);
    await deleteOwnPasskey({ ctx, session: adminOf(req), passkeyId: id, ip: req.ip });
    res.status(204).end();
  });

  // ---- audit log ----
  router.get("/audit", async (req, res) => {
    const query = parseWith(AuditQuery, req.query);
    res.json(
      await listAudit({
        db,
        filter: {
          tenantId: query.tenant_id,
          type: query.type,
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(query.to) : undefined,
        },
        limit: query.limit,
        cursor: query.cursor,
      }),
    );
  });

  // ---- administrators ----
  router.get("/admins", async (req, res) => {
    res.json(await listAdmins({ ctx, query: parseWith(ListQuery, req.query) }));
  });

  router.post("/admins", async (req, res) => {
    const input = parseWith(InviteAdminRequestSchema, req.body);
    res.status(201).json(await inviteAdmin({ ctx, ...input, actor: actorOf(req) }));
  });

  router.delete("/admins/:id", async (req, res) => {
    const { id } = parseWith(AdminIdParams, req.params);
    await removeAdmin({ ctx, idOrEmail: id, actor: actorOf(req) });
    res.status(204).end();
  });

  // Refusals (no session, no CSRF token) are audited, sparingly (see RefusalAudit).
  const refusals = new RefusalAudit(ctx);
  router.use((error: unknown, req: Request, _res: Response, next: NextFunction) => {
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
  });
  return router;
}

const REFUSED: Partial<Record<string, 401 | 403>> = { unauthenticated: 401, forbidden: 403 };
