// A tenant declared in the environment (BOOTSTRAP_TENANT_*), created or brought up to date at every
// start: how a deployment provisions its own sites (board-api) without running the CLI, and how
// `pnpm start` connects the two services with no setup at all.
import { hashSecret, readOrCreateSecretFile, readSecret, type Logger } from "@org/service-kit";
import type { BootstrapTenantConfig } from "../env.ts";
import { normalizeOrigin, normalizeRpId, type Tenant } from "./tenants.ts";
import type { AuthContext } from "../context.ts";

/** The key: given, or read from its file (created with a random key when missing, as board-api may do too). */
export function bootstrapApiKey(config: BootstrapTenantConfig, { create }: { create: boolean }): string {
  if ("value" in config.apiKey) return config.apiKey.value;
  return create ? readOrCreateSecretFile(config.apiKey.file, "ak") : readSecret(config.apiKey.file);
}

/**
 * Creates the tenant named `config.name`, or sets the rp_id, origins, registration_attachment and API key of the existing
 * one (the oldest of that name) to those configured: the configured key wins over a key rotated
 * since. Idempotent; a disabled tenant stays disabled.
 */
export async function ensureBootstrapTenant({
  db,
  logger,
  config,
}: {
  db: AuthContext["db"];
  logger: Logger;
  config: BootstrapTenantConfig;
}): Promise<Tenant> {
  const data = {
    rpId: normalizeRpId(config.rpId),
    origins: [...new Set(config.origins.map(normalizeOrigin))],
    apiKeyHash: hashSecret(bootstrapApiKey(config, { create: true })),
    registrationAttachment: config.registrationAttachment,
  };
  const existing = await db.tenant.findFirst({
    where: { name: config.name },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const tenant = existing
    ? await db.tenant.update({ where: { id: existing.id }, data })
    : await db.tenant.create({ data: { name: config.name, ...data } });
  const details = { tenant: tenant.id, rpId: tenant.rpId, origins: tenant.origins };
  if (existing) logger.debug(details, `tenant "${tenant.name}" is up to date (BOOTSTRAP_TENANT_*)`);
  else logger.info(details, `tenant "${tenant.name}" created (BOOTSTRAP_TENANT_*)`);
  return tenant;
}
