import path from "node:path";
import { RegistrationAttachmentSchema, type RegistrationAttachment } from "@org/contracts";
import { baseEnvSchema, loadEnv } from "@org/service-kit";
import { z } from "zod";

const positiveInt = z.coerce.number().int().positive();

export const authEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4100),
  /** Name of the same-origin session cookie set at login. */
  SESSION_COOKIE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default("authkit_session"),
  /** Lifetime of a cookie session, seconds (default 12 hours). */
  SESSION_TTL_SECONDS: positiveInt.default(12 * 60 * 60),
  /** Requests per minute from one IP on /api/v1 and /auth/v1. */
  RATE_LIMIT_IP_PER_MINUTE: positiveInt.default(600),
  /** Requests per minute with one tenant API key on /api/v1. */
  RATE_LIMIT_TENANT_PER_MINUTE: positiveInt.default(1200),
  /** Failed password logins per minute for one account (tenant + username) from one IP. */
  RATE_LIMIT_LOGIN_PER_MINUTE: positiveInt.default(10),
  /** Failed password logins per hour for one account from one IP (the backoff after the minute's). */
  RATE_LIMIT_LOGIN_PER_HOUR: positiveInt.default(30),
  /** Lifetime of a cross-device (QR) challenge, seconds (default 5 minutes). */
  QR_TTL_SECONDS: positiveInt.max(3600).default(300),
  /** QR challenges started per minute from one IP. */
  RATE_LIMIT_QR_START_PER_MINUTE: positiveInt.default(30),
  /** QR status polls per minute from one IP for one challenge (the SDK polls every 2 s). */
  RATE_LIMIT_QR_STATUS_PER_MINUTE: positiveInt.default(120),
  /**
   * A tenant created or updated at every start (see services/bootstrap-tenant.ts). Absent in
   * development: board-api's development tenant; empty: none.
   */
  BOOTSTRAP_TENANT_NAME: z.string().optional(),
  BOOTSTRAP_TENANT_RP_ID: z.string().optional(),
  /** Comma-separated origins. */
  BOOTSTRAP_TENANT_ORIGINS: z.string().optional(),
  /** The tenant's API key (only its hash is stored) … */
  BOOTSTRAP_TENANT_API_KEY: z.string().optional(),
  /** … or a file holding it, created with a random key when missing. */
  BOOTSTRAP_TENANT_API_KEY_FILE: z.string().optional(),
  /**
   * Its registration_attachment. Unset: `any` when the tenant is created (the board's people sign up on
   * the laptop they have), and editable in the dashboard afterwards; set: kept at this value.
   */
  BOOTSTRAP_TENANT_REGISTRATION_ATTACHMENT: RegistrationAttachmentSchema.optional(),
});

type BootstrapKey =
  | "BOOTSTRAP_TENANT_NAME"
  | "BOOTSTRAP_TENANT_RP_ID"
  | "BOOTSTRAP_TENANT_ORIGINS"
  | "BOOTSTRAP_TENANT_API_KEY"
  | "BOOTSTRAP_TENANT_API_KEY_FILE";

/** What services/bootstrap-tenant.ts creates or updates at start. */
export interface BootstrapTenantConfig {
  name: string;
  rpId: string;
  origins: string[];
  apiKey: { value: string } | { file: string };
  registrationAttachment: RegistrationAttachment;
  /**
   * The variables that set the tenant's fields (kept in step at every start, refused by the dashboard
   * API and the CLI). The name, QR sign-in and (unless its variable is set) registration_attachment are
   * only the tenant's first values: they may be edited.
   */
  variables: DeclaredVariable[];
}

export type DeclaredVariable =
  | "BOOTSTRAP_TENANT_RP_ID"
  | "BOOTSTRAP_TENANT_ORIGINS"
  | "BOOTSTRAP_TENANT_API_KEY"
  | "BOOTSTRAP_TENANT_API_KEY_FILE"
  | "BOOTSTRAP_TENANT_REGISTRATION_ATTACHMENT";

/** Development: board-api (http://localhost:4000) as a tenant, its key in a file both services share. */
const developmentTenant = (dataDir: string) => ({
  BOOTSTRAP_TENANT_NAME: "board-api",
  BOOTSTRAP_TENANT_RP_ID: "localhost",
  BOOTSTRAP_TENANT_ORIGINS: "http://localhost:4000",
  BOOTSTRAP_TENANT_API_KEY_FILE: path.join(dataDir, "board-tenant.key"),
});

function bootstrapTenant(
  env: z.infer<typeof authEnvSchema> & { DATA_DIR: string },
): BootstrapTenantConfig | undefined {
  // Development: the defaults fill in whatever is not set (BOOTSTRAP_TENANT_NAME="" turns it off).
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
  const source: Partial<Record<BootstrapKey, string>> =
    env.NODE_ENV === "development" ? { ...developmentTenant(env.DATA_DIR), ...defined } : env;
  if (!source.BOOTSTRAP_TENANT_NAME) return undefined;
  const missing = (["BOOTSTRAP_TENANT_RP_ID", "BOOTSTRAP_TENANT_ORIGINS"] as const).filter(
    (key) => !source[key],
  );
  const apiKey = source.BOOTSTRAP_TENANT_API_KEY
    ? { value: source.BOOTSTRAP_TENANT_API_KEY }
    : source.BOOTSTRAP_TENANT_API_KEY_FILE
      ? { file: path.resolve(source.BOOTSTRAP_TENANT_API_KEY_FILE) }
      : undefined;
  if (missing.length > 0 || !apiKey) {
    throw new Error(
      `Invalid environment: BOOTSTRAP_TENANT_NAME needs ${[...missing, ...(apiKey ? [] : ["BOOTSTRAP_TENANT_API_KEY or BOOTSTRAP_TENANT_API_KEY_FILE"])].join(", ")}`,
    );
  }
  return {
    name: source.BOOTSTRAP_TENANT_NAME,
    rpId: source.BOOTSTRAP_TENANT_RP_ID as string,
    origins: (source.BOOTSTRAP_TENANT_ORIGINS as string)
      .split(",")
      .map((origin) => origin.trim())
      .filter(Boolean),
    apiKey,
    registrationAttachment: env.BOOTSTRAP_TENANT_REGISTRATION_ATTACHMENT ?? "any",
    variables: [
      "BOOTSTRAP_TENANT_RP_ID",
      "BOOTSTRAP_TENANT_ORIGINS",
      "value" in apiKey ? "BOOTSTRAP_TENANT_API_KEY" : "BOOTSTRAP_TENANT_API_KEY_FILE",
      ...(env.BOOTSTRAP_TENANT_REGISTRATION_ATTACHMENT
        ? ["BOOTSTRAP_TENANT_REGISTRATION_ATTACHMENT" as const]
        : []),
    ],
  };
}

export type AuthEnv = ReturnType<typeof loadAuthEnv>;

/** The auth server's environment, parsed once at start. */
export function loadAuthEnv(source: NodeJS.ProcessEnv = process.env) {
  const env = loadEnv(authEnvSchema, source);
  return { ...env, bootstrapTenant: bootstrapTenant(env) };
}
