// A tenant declared in the environment (BOOTSTRAP_TENANT_*), created or brought up to date at every
// start: how a deployment provisions its own sites (board-api) without running the CLI, and how
// `pnpm start` connects the two services with no setup at all.
//
// The declared tenant is found by a stable key (`declared_key`), never by its name: it may be renamed
// in the dashboard or with the CLI. The fields the environment sets (its RP ID, origins, API key and,
// when BOOTSTRAP_TENANT_REGISTRATION_ATTACHMENT is set, registration_attachment) are listed in
// `declared_fields`; the dashboard API and the CLI refuse to change them (see tenants.ts). Everything
// else (name, QR sign-in, …) is the administrators' and is never undone here. Every change made at
// start is written to the audit log.
import { hashSecret, readOrCreateSecretFile, readSecret, type Logger } from "@org/service-kit";
import type { BootstrapTenantConfig, DeclaredVariable } from "../env.ts";
import { audit } from "./audit.ts";
import { normalizeOrigin, normalizeRpId, type Tenant } from "./tenants.ts";
import type { AuthContext } from "../context.ts";

/** The `declared_key` of the tenant BOOTSTRAP_TENANT_* declares. */
export const DECLARED_KEY = "BOOTSTRAP_TENANT";

/** The key: given, or read from its file (created with a random key when missing, as board-api may do too). */
export function bootstrapApiKey(config: BootstrapTenantConfig, { create }: { create: boolean }): string {
  if ("value" in config.apiKey) return config.apiKey.value;
  return create ? readOrCreateSecretFile(config.apiKey.file, "ak") : readSecret(config.apiKey.file);
}

type Db = AuthContext["db"];

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * The declared tenant, or (a deployment from before `declared_key`) the tenant that holds the declared
 * API key, else the oldest of the declared name, which then gets the key.
 */
async function findDeclared(db: Db, config: BootstrapTenantConfig, apiKeyHash: string) {
  const declared = await db.tenant.findUnique({ where: { declaredKey: DECLARED_KEY } });
  if (declared) return { tenant: declared, adopted: false };
  const legacy =
    (await db.tenant.findFirst({ where: { apiKeyHash, declaredKey: null, builtIn: { is: null } } })) ??
    (await db.tenant.findFirst({
      where: { name: config.name, declaredKey: null, builtIn: { is: null } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }));
  if (!legacy) return undefined;
  const tenant = await db.tenant.update({ where: { id: legacy.id }, data: { declaredKey: DECLARED_KEY } });
  return { tenant, adopted: true };
}

/**
 * Creates the declared tenant, or sets the fields the environment declares on the existing one (the
 * configured key wins over a key rotated since, which the API refuses anyway). Idempotent; safe when
 * several instances start at once; a disabled tenant stays disabled.
 */
export async function ensureBootstrapTenant({
  db,
  logger,
  config,
}: {
  db: Db;
  logger: Logger;
  config: BootstrapTenantConfig;
}): Promise<Tenant> {
  // Several instances starting at the same moment: the loser of a unique key looks again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await reconcile(db, logger, config);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

async function reconcile(db: Db, logger: Logger, config: BootstrapTenantConfig): Promise<Tenant> {
  const declares = (variable: DeclaredVariable) => config.variables.includes(variable);
  const wanted = {
    rpId: normalizeRpId(config.rpId),
    origins: [...new Set(config.origins.map(normalizeOrigin))],
    apiKeyHash: hashSecret(bootstrapApiKey(config, { create: true })),
    registrationAttachment: config.registrationAttachment,
    declaredFields: [...config.variables],
  };
  const found = await findDeclared(db, config, wanted.apiKeyHash);
  if (!found) {
    const tenant = await db.tenant.create({
      data: { name: config.name, declaredKey: DECLARED_KEY, ...wanted },
    });
    await audit(
      { db },
      {
        type: "tenant_created",
        tenantId: tenant.id,
        detail: { by: "environment", variables: config.variables.join(",") },
      },
    );
    logger.info({ tenant: tenant.id }, `tenant "${tenant.name}" created (BOOTSTRAP_TENANT_*)`);
    return tenant;
  }
  const before = found.tenant;
  const data: Partial<typeof wanted> = {};
  if (before.rpId !== wanted.rpId) data.rpId = wanted.rpId;
  if (!sameList(before.origins, wanted.origins)) data.origins = wanted.origins;
  if (
    declares("BOOTSTRAP_TENANT_REGISTRATION_ATTACHMENT") &&
    before.registrationAttachment !== wanted.registrationAttachment
  ) {
    data.registrationAttachment = wanted.registrationAttachment;
  }
  if (!sameList(before.declaredFields, wanted.declaredFields)) data.declaredFields = wanted.declaredFields;
  const keyChanged = before.apiKeyHash !== wanted.apiKeyHash;
  if (keyChanged) data.apiKeyHash = wanted.apiKeyHash;
  if (Object.keys(data).length === 0 && !found.adopted) {
    logger.debug({ tenant: before.id }, `tenant "${before.name}" is up to date (BOOTSTRAP_TENANT_*)`);
    return before;
  }
  const tenant = await db.tenant.update({ where: { id: before.id }, data });
  const changed = [
    ...(found.adopted ? ["declared_key"] : []),
    ...Object.keys(data).filter((field) => field !== "apiKeyHash"),
  ];
  if (changed.length > 0) {
    await audit(
      { db },
      {
        type: "tenant_updated",
        tenantId: tenant.id,
        detail: { by: "environment", changed: changed.join(",") },
      },
    );
  }
  if (keyChanged) {
    await audit(
      { db },
      {
        type: "tenant_key_rotated",
        tenantId: tenant.id,
        detail: { by: "environment", variable: declaredKeyVariable(config) },
      },
    );
  }
  logger.info(
    { tenant: tenant.id, changed: [...changed, ...(keyChanged ? ["api_key"] : [])] },
    `tenant "${tenant.name}" brought in step with BOOTSTRAP_TENANT_*`,
  );
  return tenant;
}

const declaredKeyVariable = (config: BootstrapTenantConfig) =>
  "value" in config.apiKey ? "BOOTSTRAP_TENANT_API_KEY" : "BOOTSTRAP_TENANT_API_KEY_FILE";
