import { openDatabase } from "@org/db";
import { runCli, ValidationError, type CliCommand } from "@org/service-kit";
import { loadAuthEnv } from "./env.ts";
import { AUDIT_TYPES, listAudit, type AuditType } from "./services/audit.ts";
import {
  createTenant,
  listTenants,
  rotateTenantKey,
  setTenantDisabled,
  tenantView,
  wellKnownFor,
} from "./services/tenants.ts";

const env = loadAuthEnv();

type Values = Parameters<CliCommand["run"]>[0];
type Db = Awaited<ReturnType<typeof openDatabase>>["db"];

/** Opens (and migrates) the service's database for one command, then closes it. */
async function withDb<T>(run: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    service: "auth-server",
  });
  try {
    return await run(database.db);
  } finally {
    await database.close();
  }
}

const text = (values: Values, name: string): string | undefined => {
  const value = values[name];
  return typeof value === "string" ? value : undefined;
};
const required = (values: Values, name: string): string => {
  const value = text(values, name);
  if (!value) throw new ValidationError(`--${name} is required.`);
  return value;
};
const idOption = { id: { type: "string" } } as const;

/** Commands taking a tenant id: `tenant disable <id>` or `tenant disable --id <id>`. */
function withId(command: Omit<CliCommand, "options">): CliCommand {
  return { ...command, options: idOption };
}

// `tenant disable <id>`: runCli takes options only, so a bare id after the command becomes --id.
const argv = process.argv.slice(2);
if (argv[0] === "tenant" && argv[2] && !argv[2].startsWith("-")) argv.splice(2, 0, "--id");

void runCli(
  "cli",
  {
    migrate: {
      summary: "Apply pending database migrations",
      run: () => withDb(async () => ({ migrated: true })),
    },
    "tenant create": {
      summary: "--name N --rp-id R [--origin O ...]: create a tenant; prints its API key once",
      options: {
        name: { type: "string" },
        "rp-id": { type: "string" },
        origin: { type: "string", multiple: true },
      },
      run: (values) =>
        withDb(async (db) => {
          const origins = (values.origin as string[] | undefined) ?? [];
          const { tenant, apiKey } = await createTenant({
            db,
            name: required(values, "name"),
            rpId: required(values, "rp-id"),
            origins,
          });
          const { id, name, rp_id } = tenantView(tenant);
          return { tenant: { id, name, rp_id, origins: tenant.origins }, apiKey };
        }),
    },
    "tenant list": {
      summary: "List tenants (never their keys)",
      run: () => withDb(async (db) => ({ tenants: (await listTenants({ db })).map(tenantView) })),
    },
    "tenant disable": withId({
      summary: "<id>: refuse the tenant's API key and tokens (tenant_disabled)",
      run: (values) =>
        withDb(async (db) => ({
          tenant: tenantView(await setTenantDisabled({ db, id: required(values, "id"), disabled: true })),
        })),
    }),
    "tenant enable": withId({
      summary: "<id>: accept a disabled tenant again",
      run: (values) =>
        withDb(async (db) => ({
          tenant: tenantView(await setTenantDisabled({ db, id: required(values, "id"), disabled: false })),
        })),
    }),
    "tenant rotate-key": withId({
      summary: "<id>: issue a new API key (printed once); the old one stops working",
      run: (values) =>
        withDb(async (db) => {
          const { tenant, apiKey } = await rotateTenantKey({ db, id: required(values, "id") });
          return { tenant: tenantView(tenant), apiKey };
        }),
    }),
    "tenant well-known": withId({
      summary: "<id>: the JSON the tenant serves at https://<rp_id>/.well-known/webauthn",
      run: (values) =>
        withDb((db) => wellKnownFor({ db, id: required(values, "id"), publicUrl: env.PUBLIC_URL })),
    }),
    audit: {
      summary: "[--tenant ID] [--type T] [--limit N]: security events, newest first",
      options: { tenant: { type: "string" }, type: { type: "string" }, limit: { type: "string" } },
      run: (values) =>
        withDb(async (db) => {
          const limit = Number(text(values, "limit") ?? "100");
          if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) {
            throw new ValidationError("--limit must be 1..10000.");
          }
          const type = text(values, "type");
          if (type && !AUDIT_TYPES.includes(type as AuditType)) {
            throw new ValidationError(`--type must be one of ${AUDIT_TYPES.join(", ")}.`);
          }
          return {
            events: await listAudit({
              db,
              tenantId: text(values, "tenant"),
              type: type as AuditType | undefined,
              limit,
            }),
          };
        }),
    },
  },
  argv,
);
