import type { AuthContext } from "../context.ts";
import { createTenant, type Tenant } from "./tenants.ts";
import { issueSessionToken, issueUserToken } from "./tokens.ts";

export const DEMO_TENANT_NAME = "AuthKit demo";
export const DEMO_USER = { externalId: "demo-user", displayName: "Demo user" } as const;

/**
 * The built-in demo tenant (development only): rp_id = PUBLIC_URL's host, origin = PUBLIC_URL's
 * origin. Created on first use; its origins follow PUBLIC_URL when that changes.
 */
export async function demoTenant(ctx: AuthContext): Promise<Tenant> {
  const url = new URL(ctx.env.PUBLIC_URL);
  const rpId = url.hostname;
  const existing = await ctx.db.tenant.findFirst({ where: { name: DEMO_TENANT_NAME, rpId } });
  // `any`: the demo's register button creates a passkey on whatever the visitor has.
  if (!existing) {
    return (
      await createTenant({
        db: ctx.db,
        name: DEMO_TENANT_NAME,
        rpId,
        origins: [url.origin],
        registrationAttachment: "any",
      })
    ).tenant;
  }
  const current =
    existing.origins.includes(url.origin) && !existing.disabled && existing.registrationAttachment === "any";
  if (current) return existing;
  return ctx.db.tenant.update({
    where: { id: existing.id },
    data: {
      origins: [...new Set([...existing.origins, url.origin])],
      disabled: false,
      registrationAttachment: "any",
    },
  });
}

/** What the demo page needs, minted server-side as a tenant's backend would: a session and a user token. */
export async function demoTokens(ctx: AuthContext) {
  const tenant = await demoTenant(ctx);
  const [session, user] = await Promise.all([
    issueSessionToken({ ctx, tenant }),
    issueUserToken({ ctx, tenant, input: { ...DEMO_USER } }),
  ]);
  return { tenant, sessionToken: session.token, userToken: user.userToken };
}
