import path from "node:path";
import { z } from "zod";

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
  /** Default: `.data` in the directory the command was run from (see loadEnv). */
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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
});
export type BaseEnv = z.infer<typeof baseEnvSchema> & { PUBLIC_URL: string; DATA_DIR: string };

/**
 * Parses the environment once, at start. A bad value stops the service with a message naming
 * the variable (never its value: it may be a secret).
 */
export function loadEnv<S extends z.ZodType<z.output<typeof baseEnvSchema>>>(
  schema: S,
  source: NodeJS.ProcessEnv = process.env,
): z.infer<S> & { PUBLIC_URL: string; DATA_DIR: string } {
  const result = schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  const env = result.data as z.infer<S>;
  // `./.data` means the directory the user ran pnpm in (INIT_CWD), not the package pnpm switched
  // to, so `pnpm --filter … cli …` at the repo root uses the root's `.data` like `pnpm start`
  // (whose script passes DATA_DIR itself: turbo's inner pnpm resets INIT_CWD).
  const dataDir = env.DATA_DIR ?? path.resolve(source.INIT_CWD || process.cwd(), ".data");
  return { ...env, DATA_DIR: dataDir, PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}` };
}
