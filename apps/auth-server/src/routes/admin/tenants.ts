// Tenants: list, create, read, update, disable/enable, rotate the API key.
import {
  adminTenantOperations,
  keyByOperationId,
  type CreateTenantRequest,
  type UpdateTenantRequest,
} from "@org/contracts";
import { defineImplementations, type HttpCall } from "@org/service-kit";
import type { AuthContext } from "../../context.ts";
import { actorOf } from "../../http/admin-session.ts";
import { dashboardTenant } from "../../services/admin-tenant.ts";
import {
  createTenant,
  pageTenants,
  rotateTenantKey,
  setTenantDisabled,
  tenantView,
  updateTenant,
  type Tenant,
} from "../../services/tenants.ts";

/** The tenant of `/tenants/{tenant_id}` (built-in tenants are not_found). */
export const tenantOf = (ctx: AuthContext, params: { tenant_id: string }): Promise<Tenant> =>
  dashboardTenant({ db: ctx.db, id: params.tenant_id });

type TenantSettingsBody = Omit<CreateTenantRequest, "rp_id"> | UpdateTenantRequest;

/** A create or update body's settings, in the service's names (absent fields stay absent). */
function tenantSettings<B extends TenantSettingsBody>(body: B) {
  return {
    name: body.name as B["name"],
    origins: body.origins as B["origins"],
    registrationAttachment: body.registration_attachment as B["registration_attachment"],
    qrLogin: body.qr_login as B["qr_login"],
    selfSignup: body.self_signup as B["self_signup"],
    passwordLogin: body.password_login as B["password_login"],
  };
}

export const tenantImplementations = (ctx: AuthContext) => {
  const { db } = ctx;
  const setDisabled =
    (disabled: boolean) =>
    async ({ params }: { params: { tenant_id: string } }, { req }: HttpCall) => {
      const { id } = await tenantOf(ctx, params);
      return tenantView(await setTenantDisabled({ db, id, disabled, actor: actorOf(req) }));
    };
  return defineImplementations(keyByOperationId(adminTenantOperations))({
    listTenants: ({ query }) => pageTenants({ db, query }),
    createTenant: async ({ body }, { req }) => {
      const { tenant, apiKey } = await createTenant({
        db,
        ...tenantSettings(body),
        rpId: body.rp_id,
        actor: actorOf(req),
      });
      return { tenant: tenantView(tenant), apiKey };
    },
    getTenant: async ({ params }) => tenantView(await tenantOf(ctx, params)),
    updateTenant: async ({ params, body }, { req }) => {
      const { id } = await tenantOf(ctx, params);
      const updated = await updateTenant({
        db,
        id,
        ...tenantSettings(body),
        actor: actorOf(req),
      });
      return tenantView(updated);
    },
    disableTenant: setDisabled(true),
    enableTenant: setDisabled(false),
    rotateTenantKey: async ({ params }, { req }) => {
      const { id } = await tenantOf(ctx, params);
      const { tenant, apiKey } = await rotateTenantKey({ db, id, actor: actorOf(req) });
      return { tenant: tenantView(tenant), apiKey };
    },
  });
};
