import path from "node:path";
import { baseEnvSchema, loadEnv } from "@org/service-kit";
import { z } from "zod";

export const boardEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** Requests per minute per API token. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Where attachment files are stored; default `$DATA_DIR/attachments`. */
  ATTACHMENTS_DIR: z
    .string()
    .optional()
    .transform((value) => value || undefined),
});

export type BoardEnv = ReturnType<typeof loadBoardEnv>;

/** The board API's environment, parsed once at start. */
export function loadBoardEnv(source: NodeJS.ProcessEnv = process.env) {
  const env = loadEnv(boardEnvSchema, source);
  return {
    ...env,
    ATTACHMENTS_DIR: path.resolve(env.ATTACHMENTS_DIR ?? path.join(env.DATA_DIR, "attachments")),
  };
}
