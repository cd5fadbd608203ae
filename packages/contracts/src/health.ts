import { z } from "./zod.ts";

export const HealthSchema = z.object({ status: z.literal("ok") }).openapi("Health");
export type Health = z.infer<typeof HealthSchema>;
