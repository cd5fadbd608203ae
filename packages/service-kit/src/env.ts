import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseTrustProxy, type TrustProxy } from "./http/trust-proxy.ts";

const positiveInt = z.coerce.number().int().positive();

/** Variables every service reads (see README, "Environment"). */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535),
  HOST: z.string().default("0.0.0.0"),
  /** Empty or absent: the embedded PGlite database under DATA_DIR/<service>. */
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value) => value || undefined),
  /** Default: `.data`; relative to the workspace root (see envBaseDir). */
  DATA_DIR: z
    .string()
    .optional()
    .transform((value) => value || undefined),
  REDIS_URL: z
    .string()
    .optional()
    .transform((value) => value || undefined),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Which proxies' X-Forwarded-For to believe (see http/trust-proxy.ts); off by default. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx): TrustProxy => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === "object" && !Array.isArray(parsed)) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** `pretty` (readable lines) or `json`; default: pretty in development, JSON otherwise. */
  LOG_FORMAT: z.enum(["pretty", "json"]).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Development: a request slower than this (ms) is logged at info; the others at debug. */
  SLOW_REQUEST_MS: z.coerce.number().int().positive().default(1000),
  /**
   * Unauthenticated requests a minute from one client IP (IPv6: one /64): missing or bogus
   * tokens, public pages, embeds. The same number bounds new socket.io connections a minute.
   */
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: positiveInt.default(600),
  /** /healthz and /readyz a minute from one client IP on one instance; loopback and private addresses are not counted. */
  HEALTH_RATE_LIMIT_PER_MINUTE: positiveInt.default(120),
  /** Most keys in any one object of a JSON request body (refused while parsing: payload_too_large). */
  JSON_MAX_KEYS: positiveInt.default(1000),
  /** Deepest nesting of objects and arrays in a JSON request body. */
  JSON_MAX_DEPTH: positiveInt.max(1000).default(32),
  /** Open socket.io connections from one client IP (IPv6: one /64) on one instance. */
  SOCKETS_PER_IP: positiveInt.default(50),
  /** A request's headers must arrive within this many seconds … */
  HEADERS_TIMEOUT_SECONDS: positiveInt.max(3600).default(10),
  /** … and the whole request, body included, within this many (else 408 and the connection closes). */
  REQUEST_TIMEOUT_SECONDS: positiveInt.max(3600).default(60),
  /**
   * Send webhooks to loopback and private addresses too (closed networks, tests); off: receivers
   * must be public addresses (both services' webhooks). Receivers must be https in production.
   */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(["true", "false", ""])
    .optional()
    .transform((value) => value === "true"),
  /** Days a webhook's delivery log keeps a delivery (and its attempts). */
  WEBHOOK_DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`; unset: open in development, off in production. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || value.length >= 16, "must be at least 16 characters"),
});
type Resolved = { PUBLIC_URL: string; DATA_DIR: string; LOG_FORMAT: "pretty" | "json" };
export type BaseEnv = z.infer<typeof baseEnvSchema> & Resolved;

/** The pnpm workspace this code runs from (the folder holding pnpm-workspace.yaml), if any. */
function workspaceRoot(): string | undefined {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "pnpm-workspace.yaml"))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * Where a relative DATA_DIR starts: the workspace root, wherever a command runs (the app's folder,
 * another folder, the root), so `pnpm start` and every CLI use the same embedded databases;
 * outside a workspace (a deployed image), the working directory.
 */
export function envBaseDir(): string {
  return workspaceRoot() ?? process.cwd();
}

/** DATA_DIR when the environment does not set it. */
export function defaultDataDir(): string {
  return path.join(envBaseDir(), ".data");
}

/**
 * Parses the environment once, at start. A bad value stops the service with a message naming
 * the variable (never its value: it may be a secret).
 */
export function loadEnv<S extends z.ZodType<z.output<typeof baseEnvSchema>>>(
  schema: S,
  source: NodeJS.ProcessEnv = process.env,
): z.infer<S> & Resolved {
  const result = schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment: ${problems.join("; ")}`);
  }
  const env = result.data as z.infer<S>;
  if (env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS) {
    throw new Error(
      "Invalid environment: HEADERS_TIMEOUT_SECONDS must not exceed REQUEST_TIMEOUT_SECONDS (the headers are part of the request)",
    );
  }
  return {
    ...env,
    DATA_DIR: path.resolve(envBaseDir(), env.DATA_DIR ?? ".data"),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    LOG_FORMAT: env.LOG_FORMAT ?? (env.NODE_ENV === "development" ? "pretty" : "json"),
  };
}
