// The priority ladder.
import { z } from "../../zod.ts";
import { clearable, Color, IdSchema, Name, Position, TimestampSchema } from "./common.ts";

export const PrioritySchema = z
  .object({
    id: IdSchema,
    project_id: IdSchema,
    name: z.string(),
    color: z.string().nullable(),
    position: z.number().int().openapi({ description: "Rung on the ladder, 0 = most urgent." }),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi("Priority");
export type Priority = z.infer<typeof PrioritySchema>;

export const CreatePriorityBody = z
  .strictObject({ name: Name, color: Color.optional() })
  .openapi("CreatePriority");
export const UpdatePriorityBody = z
  .strictObject({ name: Name.optional(), color: clearable(Color).optional(), position: Position.optional() })
  .openapi("UpdatePriority");
