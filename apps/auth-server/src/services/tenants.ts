import type { QrLogin, RegistrationAttachment, TenantView } from "@org/contracts";
import { pageArgs, Prisma, queryPrepared, toPage, type Page, type PageQuery } from "@org/db";
import {
  AppError,
  generateSecret,
  hashSecret,
  NotFoundError,
  secretMatches,
  ValidationError,
} from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import { audit, type Actor } from "./audit.ts";

export type Tenant = Prisma.TenantGetPayload<object>;
export type { TenantView };

/** The tenant's `registration_attachment` (the column holds one of the contract's values). */
export const registrationAttachmentOf = (tenant: Pick<Tenant, "registrationAttachment">) =>
  tenant.registrationAttachment as RegistrationAttachment;

export function tenantView(tenant: Tenant): TenantView {
  const declared = setByEnvironment(tenant);
  return {
    id: tenant.id,
    name: tenant.name,
    rp_id: tenant.rpId,
    origins: tenant.origins,
    registration_attachment: registrationAttachmentOf(tenant),
    qr_login: tenant.qrLogin,
    self_signup: tenant.selfSignup,
    password_login: tenant.passwordLogin,
    disabled: tenant.disabled,
    created_at: tenant.createdAt.toISOString(),
    ...(Object.keys(declared).length > 0 ? { set_by_environment: declared } : {}),
  };
}

type DeclarableField = keyof NonNullable<TenantView["set_by_environment"]>;

/** Which of the tenant's fields BOOTSTRAP_TENANT_* sets (see bootstrap-tenant.ts), and by which variable. */
export function setByEnvironment(
  tenant: Pick<Tenant, "declaredFields">,
): Partial<Record<DeclarableField, string>> {
  const fields: Partial<Record<DeclarableField, string>> = {};
  for (const variable of tenant.declaredFields ?? []) {
    const field = DECLARED_FIELD[variable];
    if (field) fields[field] = variable;
  }
  return fields;
}

const DECLARED_FIELD: Record<string, DeclarableField> = {
  BOOTSTRAP_TENANT_RP_ID: "rp_id",
  BOOTSTRAP_TENANT_ORIGINS: "origins",
  BOOTSTRAP_TENANT_API_KEY: "api_key",
  BOOTSTRAP_TENANT_API_KEY_FILE: "api_key",
  BOOTSTRAP_TENANT_REGISTRATION_ATTACHMENT: "registration_attachment",
};

const FIELD_WORDS: Record<DeclarableField, string> = {
  rp_id: "RP ID",
  origins: "origins",
  api_key: "API key",
  registration_attachment: "registration_attachment",
};

/** A change of a field the environment sets is refused, naming the variable to change instead. */
function refuseDeclared(tenant: Tenant, fields: DeclarableField[]): void {
  const declared = setByEnvironment(tenant);
  const refused = fields.filter((field) => declared[field]);
  if (refused.length === 0) return;
  const details = refused.map((field) => ({
    path: field,
    message: `Set by ${declared[field]} in the auth server's environment: change the variable and restart the auth server.`,
  }));
  throw new ValidationError(
    `The ${refused.map((field) => FIELD_WORDS[field]).join(" and ")} of ${tenant.name} ${refused.length > 1 || refused[0] === "origins" ? "are" : "is"} set by ${refused.map((field) => declared[field]).join(" and ")} in the auth server's environment: change ${refused.length > 1 ? "those variables" : "that variable"} and restart the auth server.`,
    details,
  );
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

export function normalizeRpId(value: string): string {
  const rpId = value.trim().toLowerCase();
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(rpId)) {
    throw new ValidationError(`Not a domain: ${value}`);
  }
  return rpId;
}

type Db = AuthContext["db"];

// The lookups below run on every tenant API call and every login, as prepared statements
// (see queryPrepared); these columns give the same object as Prisma's.
const TENANT_COLUMNS = Prisma.sql`id::text AS id, name, rp_id AS "rpId", COALESCE(origins, '{}') AS origins,
  api_key_hash AS "apiKeyHash", disabled, registration_attachment AS "registrationAttachment",
  qr_login AS "qrLogin", self_signup AS "selfSignup", password_login AS "passwordLogin", declared_key AS "declaredKey", COALESCE(declared_fields, '{}') AS "declaredFields",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

const normalizeOrigins = (origins: string[]) => [...new Set(origins.map(normalizeOrigin))];

/** As many as the dashboard's schema accepts. */
const MAX_ORIGINS = 50;

/** `list` + `add` − `remove`, normalised; removing an origin that is not in the list is refused. */
function editedOrigins(list: string[], add: string[], remove: string[]): string[] {
  const result = normalizeOrigins([...list, ...add]);
  for (const origin of normalizeOrigins(remove)) {
    const at = result.indexOf(origin);
    if (at < 0) throw new ValidationError(`${origin} is not one of the tenant's origins.`);
    result.splice(at, 1);
  }
  if (result.length > MAX_ORIGINS) throw new ValidationError(`A tenant has at most ${MAX_ORIGINS} origins.`);
  return result;
}

/**
 * Tenant changes are written to the audit log (`tenant_*`), with the administrator who made them
 * when they come from the dashboard (`actor`).
 */
export async function createTenant({
  db,
  name,
  rpId,
  origins,
  registrationAttachment = "any",
  qrLogin,
  selfSignup = false,
  passwordLogin = false,
  builtIn,
  actor,
}: {
  db: Db;
  name: string;
  rpId: string;
  origins: string[];
  registrationAttachment?: RegistrationAttachment | undefined;
  /** QR (cross-device) sign-in; default on, always off for the built-in admin tenant. */
  qrLogin?: QrLogin | undefined;
  /** Self-service sign-up from `<authkit-login>`; default off. */
  selfSignup?: boolean | undefined;
  /** Password sign-in for users that have a password; default off, always off for the admin tenant. */
  passwordLogin?: boolean | undefined;
  /** A tenant the server keeps for itself (see admin-tenant.ts); at most one per role. */
  builtIn?: "admin";
  actor?: Actor;
}): Promise<{ tenant: Tenant; apiKey: string }> {
  if (!name.trim()) throw new ValidationError("A tenant needs a name.");
  const apiKey = generateSecret("ak");
  const tenant = await db.tenant.create({
    data: {
      name: name.trim(),
      rpId: normalizeRpId(rpId),
      origins: normalizeOrigins(origins),
      registrationAttachment,
      apiKeyHash: hashSecret(apiKey),
      qrLogin: builtIn === "admin" ? "off" : (qrLogin ?? "on"),
      selfSignup: builtIn === "admin" ? false : selfSignup,
      passwordLogin: builtIn === "admin" ? false : passwordLogin,
      ...(builtIn ? { builtIn: { create: { role: builtIn } } } : {}),
    },
  });
  await audit({ db }, { type: "tenant_created", tenantId: tenant.id, ...actorFields(actor) });
  return { tenant, apiKey };
}

const actorFields = (actor: Actor | undefined) => ({ adminId: actor?.adminId, ip: actor?.ip });

/** Every tenant, oldest first; built-in ones carry their role. */
export function listTenants({ db }: { db: Db }) {
  return db.tenant.findMany({ orderBy: { createdAt: "asc" }, include: { builtIn: true } });
}

/** A page of the tenants customers own (built-in tenants are left out), oldest first. */
export async function pageTenants({ db, query }: { db: Db; query: PageQuery }): Promise<Page<TenantView>> {
  const rows = await db.tenant.findMany({
    where: { builtIn: { is: null } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    ...pageArgs(query),
  });
  return toPage(query, rows, tenantView);
}

async function existing(db: Db, id: string): Promise<Tenant> {
  const tenant = /^[0-9a-f-]{36}$/i.test(id) ? await db.tenant.findUnique({ where: { id } }) : null;
  if (!tenant) throw new NotFoundError(`No tenant ${id}.`);
  return tenant;
}

export const getTenant = ({ db, id }: { db: Db; id: string }): Promise<Tenant> => existing(db, id);

export async function setTenantDisabled({
  db,
  id,
  disabled,
  actor,
}: {
  db: Db;
  id: string;
  disabled: boolean;
  actor?: Actor;
}) {
  const before = await existing(db, id);
  const tenant = await db.tenant.update({ where: { id }, data: { disabled } });
  if (before.disabled !== disabled) {
    await audit(
      { db },
      { type: disabled ? "tenant_disabled" : "tenant_enabled", tenantId: id, ...actorFields(actor) },
    );
  }
  return tenant;
}

/** A new API key; the old one stops working at once. */
export async function rotateTenantKey({ db, id, actor }: { db: Db; id: string; actor?: Actor }) {
  refuseDeclared(await existing(db, id), ["api_key"]);
  const apiKey = generateSecret("ak");
  const tenant = await db.tenant.update({ where: { id }, data: { apiKeyHash: hashSecret(apiKey) } });
  await audit({ db }, { type: "tenant_key_rotated", tenantId: id, ...actorFields(actor) });
  return { tenant, apiKey };
}

/**
 * Renames a tenant, replaces its origins (normalised) or adds and removes some, sets its
 * registration_attachment, or turns QR sign-in, self-service sign-up or password sign-in on or off. `rpId` is for the built-in admin tenant
 * following PUBLIC_URL: changing a customer's RP ID would orphan its passkeys.
 */
export async function updateTenant({
  db,
  id,
  name,
  origins,
  addOrigins,
  removeOrigins,
  registrationAttachment,
  rpId,
  qrLogin,
  selfSignup,
  passwordLogin,
  actor,
}: {
  db: Db;
  id: string;
  name?: string | undefined;
  /** Replaces the list (then `addOrigins` and `removeOrigins` apply to it). */
  origins?: string[] | undefined;
  addOrigins?: string[] | undefined;
  /** Origins to take off the list; one that is not on it is a validation error (a typo, surely). */
  removeOrigins?: string[] | undefined;
  registrationAttachment?: RegistrationAttachment | undefined;
  rpId?: string | undefined;
  qrLogin?: QrLogin | undefined;
  selfSignup?: boolean | undefined;
  passwordLogin?: boolean | undefined;
  actor?: Actor;
}): Promise<Tenant> {
  if (name !== undefined && !name.trim()) throw new ValidationError("A tenant needs a name.");
  const before = await existing(db, id);
  const editsOrigins = origins !== undefined || addOrigins?.length || removeOrigins?.length;
  const data = {
    ...(name !== undefined ? { name: name.trim() } : {}),
    ...(editsOrigins
      ? { origins: editedOrigins(origins ?? before.origins, addOrigins ?? [], removeOrigins ?? []) }
      : {}),
    ...(registrationAttachment !== undefined ? { registrationAttachment } : {}),
    ...(rpId !== undefined ? { rpId: normalizeRpId(rpId) } : {}),
    ...(qrLogin !== undefined ? { qrLogin } : {}),
    ...(selfSignup !== undefined ? { selfSignup } : {}),
    ...(passwordLogin !== undefined ? { passwordLogin } : {}),
  };
  // Values the environment sets may be sent unchanged (a form sends every field), not changed.
  refuseDeclared(before, [
    ...(data.origins && !sameList(data.origins, before.origins) ? (["origins"] as const) : []),
    ...(data.rpId !== undefined && data.rpId !== before.rpId ? (["rp_id"] as const) : []),
    ...(data.registrationAttachment !== undefined &&
    data.registrationAttachment !== before.registrationAttachment
      ? (["registration_attachment"] as const)
      : []),
  ]);
  const tenant = await db.tenant.update({ where: { id }, data });
  // The audit names the settings whose values changed (a form sends some unchanged), and a save
  // that changed nothing is not an edit.
  const changed = (Object.keys(data) as (keyof typeof data)[]).filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(tenant[field]),
  );
  if (changed.length > 0) {
    await audit(
      { db },
      { type: "tenant_updated", tenantId: id, ...actorFields(actor), detail: { changed: changed.join(",") } },
    );
  }
  return tenant;
}

/**
 * The JSON a tenant serves at `https://<rp_id>/.well-known/webauthn` so that pages on the auth
 * server's origin (the QR phone page /qr, the embeds) may use the tenant's RP ID (related origin
 * requests), and whether it is needed: not when the auth server's host is the RP ID or below it.
 */
export async function wellKnownFor({ db, id, publicUrl }: { db: Db; id: string; publicUrl: string }) {
  const tenant = await existing(db, id);
  const server = new URL(publicUrl);
  const required = server.hostname !== tenant.rpId && !server.hostname.endsWith(`.${tenant.rpId}`);
  return {
    url: `https://${tenant.rpId}/.well-known/webauthn`,
    contentType: "application/json",
    body: { origins: [server.origin] },
    required,
    reason: required
      ? `${server.hostname} is neither ${tenant.rpId} nor below it: the QR phone page and the embeds can use ${tenant.rpId}'s passkeys only if ${tenant.rpId} lists ${server.origin} (Chrome 128+, Safari/iOS 18+).`
      : `${server.hostname} is ${tenant.rpId} or below it: browsers accept its pages for ${tenant.rpId} without the file.`,
  };
}

/**
 * The tenant of an API key: an indexed equality match on its SHA-256, then a constant-time check
 * of the stored hash. Disabled tenants are refused.
 */
export async function tenantByApiKey({ db, apiKey }: { db: Db; apiKey: string }): Promise<Tenant> {
  const [tenant] = await queryPrepared<Tenant>(
    db,
    // Never the built-in admin tenant's (its key is never shown): no user tokens for administrators.
    Prisma.sql`SELECT ${TENANT_COLUMNS} FROM auth_tenants WHERE api_key_hash = ${hashSecret(apiKey)}
      AND NOT EXISTS (SELECT 1 FROM auth_built_in_tenants b WHERE b.tenant_id = auth_tenants.id)`,
  );
  if (!tenant || !secretMatches(apiKey, tenant.apiKeyHash))
    throw new AppError("unauthenticated", "Missing or invalid API key.");
  return assertEnabled(tenant);
}

/** The tenant of a session or user token (an id the server issued), refused when disabled. */
export async function enabledTenant({ db, id }: { db: Db; id: string }): Promise<Tenant> {
  const [tenant] = await queryPrepared<Tenant>(
    db,
    Prisma.sql`SELECT ${TENANT_COLUMNS} FROM auth_tenants WHERE id = ${id}::uuid`,
  );
  if (!tenant) throw new AppError("unauthenticated", "Missing or invalid credentials.");
  return assertEnabled(tenant);
}

function assertEnabled(tenant: Tenant): Tenant {
  if (tenant.disabled) throw new AppError("tenant_disabled", "This tenant is disabled.");
  return tenant;
}

/**
 * Whether `origin` is an allowed origin of an enabled tenant: what CORS allows on the browser API
 * and whom the embed pages let frame them. Only an exact, normalised origin can match.
 */
export async function isTenantOrigin({ db, origin }: { db: Db; origin: string }): Promise<boolean> {
  const count = await db.tenant.count({ where: { disabled: false, origins: { has: origin } } });
  return count > 0;
}

/** Origins a WebAuthn response may come from: the tenant's own, and this server's (embeds, QR pages). */
export function expectedOrigins(tenant: Tenant, publicUrl: string): string[] {
  return [...new Set([...tenant.origins, new URL(publicUrl).origin])];
}
