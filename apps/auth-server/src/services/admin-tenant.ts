import { NotFoundError } from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import { createTenant, getTenant, updateTenant, type Tenant } from "./tenants.ts";

/** The passkey dialog shows it as the site the administrator signs in to. */
export const ADMIN_TENANT_NAME = "AuthKit admin";

type Deps = { db: AuthContext["db"]; publicUrl: string };

/**
 * The built-in tenant of the dashboard's administrators: rp_id = PUBLIC_URL's host, origin =
 * PUBLIC_URL's origin, QR sign-in off. Created on first use (by the server or `cli admin invite`); when PUBLIC_URL
 * has changed, it follows (passkeys made for the old RP ID then stop working: invite again).
 */
export async function adminTenant({ db, publicUrl }: Deps): Promise<Tenant> {
  const url = new URL(publicUrl);
  const found = await db.authBuiltInTenant.findUnique({
    where: { role: "admin" },
    include: { tenant: true },
  });
  if (!found) {
    try {
      return (
        await createTenant({
          db,
          name: ADMIN_TENANT_NAME,
          rpId: url.hostname,
          origins: [url.origin],
          // Administrators sign up on whatever they have: the laptop's own authenticator, a key, a phone.
          registrationAttachment: "any",
          builtIn: "admin",
        })
      ).tenant;
    } catch (error) {
      // Another process created it at the same moment (the role is the primary key).
      const raced = await db.authBuiltInTenant.findUnique({
        where: { role: "admin" },
        include: { tenant: true },
      });
      if (!raced) throw error;
      return raced.tenant;
    }
  }
  const { tenant } = found;
  const current =
    tenant.rpId === url.hostname &&
    tenant.origins.length === 1 &&
    tenant.origins[0] === url.origin &&
    tenant.qrLogin === "off";
  if (current) return tenant;
  // Administrators never sign in by QR code: one shown to them could be an attacker's (relaying).
  return updateTenant({ db, id: tenant.id, rpId: url.hostname, origins: [url.origin], qrLogin: "off" });
}

/** The admin tenant of a running server. */
export const serverAdminTenant = (ctx: Pick<AuthContext, "db" | "env">) =>
  adminTenant({ db: ctx.db, publicUrl: ctx.env.PUBLIC_URL });

/**
 * A tenant the dashboard may show and change: any but the built-in ones, which are managed by
 * inviting and removing administrators (a built-in tenant's id is not_found here).
 */
export async function dashboardTenant({ db, id }: { db: AuthContext["db"]; id: string }): Promise<Tenant> {
  const tenant = await getTenant({ db, id });
  const builtIn = await db.authBuiltInTenant.findUnique({ where: { tenantId: tenant.id } });
  if (builtIn) throw new NotFoundError(`No tenant ${id}.`);
  return tenant;
}

/** The admin tenant's id per database client, once it exists: a tenant's built-in role never changes. */
const adminTenantIds = new WeakMap<AuthContext["db"], string>();

/**
 * Whether a tenant is the built-in admin tenant, whose users are the dashboard's administrators.
 * Asked on every sign-in and every user token, so the admin tenant's id is read once per process.
 */
export async function isAdminTenant(db: AuthContext["db"], tenantId: string): Promise<boolean> {
  let adminId = adminTenantIds.get(db);
  if (adminId === undefined) {
    adminId = (await db.authBuiltInTenant.findUnique({ where: { role: "admin" } }))?.tenantId;
    if (adminId !== undefined) adminTenantIds.set(db, adminId);
  }
  return adminId === tenantId;
}
