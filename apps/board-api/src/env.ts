import { baseEnvSchema, loadEnv } from "@org/service-kit";
import { z } from "zod";

export const boardEnvSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
});

export type BoardEnv = ReturnType<typeof loadBoardEnv>;

/** The board API's environment, parsed once at start. */
export function loadBoardEnv(source: NodeJS.ProcessEnv = process.env) {
  return loadEnv(boardEnvSchema, source);
}
