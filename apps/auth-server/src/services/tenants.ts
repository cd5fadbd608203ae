import type { Prisma } from "@org/db";
import {
  AppError,
  generateSecret,
  hashSecret,
  NotFoundError,
  secretMatches,
  ValidationError,
} from "@org/service-kit";
import type { AuthContext } from "../context.ts";

export type Tenant = Prisma.TenantGetPayload<object>;

export interface TenantView {
  id: string;
  name: string;
  rp_id: string;
  origins: string[];
  disabled: boolean;
  created_at: string;
}

export function tenantView(tenant: Tenant): TenantView {
  return {
    id: tenant.id,
    name: tenant.name,
    rp_id: tenant.rpId,
    origins: tenant.origins,
    disabled: tenant.disabled,
    created_at: tenant.createdAt.toISOString(),
  };
}

/** `https://app.example.com` (scheme + host + non-default port), or a validation error. */
export function normalizeOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ValidationError(`Not an origin: ${value}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new ValidationError(`Not an origin: ${value}`);
  return url.origin;
}

function normalizeRpId(value: string): string {
  const rpId = value.trim().toLowerCase();
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(rpId)) {
    throw new ValidationError(`Not a domain: ${value}`);
  }
  return rpId;
}

type Db = AuthContext["db"];

export async function createTenant({
  db,
  name,
  rpId,
  origins,
}: {
  db: Db;
  name: string;
  rpId: string;
  origins: string[];
}): Promise<{ tenant: Tenant; apiKey: string }> {
  if (!name.trim()) throw new ValidationError("A tenant needs a name.");
  const apiKey = generateSecret("ak");
  const tenant = await db.tenant.create({
    data: {
      name: name.trim(),
      rpId: normalizeRpId(rpId),
      origins: [...new Set(origins.map(normalizeOrigin))],
      apiKeyHash: hashSecret(apiKey),
    },
  });
  return { tenant, apiKey };
}

export function listTenants({ db }: { db: Db }): Promise<Tenant[]> {
  return db.tenant.findMany({ orderBy: { createdAt: "asc" } });
}

async function existing(db: Db, id: string): Promise<Tenant> {
  const tenant = /^[0-9a-f-]{36}$/i.test(id) ? await db.tenant.findUnique({ where: { id } }) : null;
  if (!tenant) throw new NotFoundError(`No tenant ${id}.`);
  return tenant;
}

export async function setTenantDisabled({ db, id, disabled }: { db: Db; id: string; disabled: boolean }) {
  await existing(db, id);
  return db.tenant.update({ where: { id }, data: { disabled } });
}

/** A new API key; the old one stops working at once. */
export async function rotateTenantKey({ db, id }: { db: Db; id: string }) {
  await existing(db, id);
  const apiKey = generateSecret("ak");
  const tenant = await db.tenant.update({ where: { id }, data: { apiKeyHash: hashSecret(apiKey) } });
  return { tenant, apiKey };
}

/**
 * The JSON a tenant serves at `https://<rp_id>/.well-known/webauthn` so that pages on the auth
 * server's origin may use the tenant's RP ID (related origin requests).
 */
export async function wellKnownFor({ db, id, publicUrl }: { db: Db; id: string; publicUrl: string }) {
  const tenant = await existing(db, id);
  return {
    url: `https://${tenant.rpId}/.well-known/webauthn`,
    contentType: "application/json",
    body: { origins: [new URL(publicUrl).origin] },
  };
}

/**
 * The tenant of an API key: an indexed equality match on its SHA-256, then a constant-time check
 * of the stored hash. Disabled tenants are refused.
 */
export async function tenantByApiKey({ db, apiKey }: { db: Db; apiKey: string }): Promise<Tenant> {
  const tenant = await db.tenant.findUnique({ where: { apiKeyHash: hashSecret(apiKey) } });
  if (!tenant || !secretMatches(apiKey, tenant.apiKeyHash))
    throw new AppError("unauthenticated", "Missing or invalid API key.");
  return assertEnabled(tenant);
}

export async function enabledTenant({ db, id }: { db: Db; id: string }): Promise<Tenant> {
  const tenant = await db.tenant.findUnique({ where: { id } });
  if (!tenant) throw new AppError("unauthenticated", "Missing or invalid credentials.");
  return assertEnabled(tenant);
}

function assertEnabled(tenant: Tenant): Tenant {
  if (tenant.disabled) throw new AppError("tenant_disabled", "This tenant is disabled.");
  return tenant;
}

/** Origins a WebAuthn response may come from: the tenant's own, and this server's (embeds, QR pages). */
export function expectedOrigins(tenant: Tenant, publicUrl: string): string[] {
  return [...new Set([...tenant.origins, new URL(publicUrl).origin])];
}
