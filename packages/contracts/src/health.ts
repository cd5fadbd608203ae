import { z } from "./zod.ts";

export const HealthSchema = z.object({ status: z.literal("ok") }).openapi("Health");
export type Health = z.infer<typeof HealthSchema>;

export const ReadinessSchema = z
  .object({
    status: z.literal("ok"),
    checks: z.record(z.string(), z.literal("ok")).openapi({ example: { database: "ok", redis: "ok" } }),
  })
  .openapi("Readiness");
export type Readiness = z.infer<typeof ReadinessSchema>;
