import { baseEnvSchema, loadEnv } from "@org/service-kit";
import { z } from "zod";

export const authEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4100),
});

export type AuthEnv = ReturnType<typeof loadAuthEnv>;

/** The auth server's environment, parsed once at start. */
export function loadAuthEnv(source: NodeJS.ProcessEnv = process.env) {
  return loadEnv(authEnvSchema, source);
}
