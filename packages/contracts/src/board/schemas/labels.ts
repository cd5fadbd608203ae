// Labels, and the label references a card carries.
import { z } from "../../zod.ts";
import { Color, IdSchema, Name, TimestampSchema } from "./common.ts";

export const CardLabelRefSchema = z
  .object({ id: IdSchema, name: z.string(), color: z.string() })
  .openapi("CardLabelRef");

export const LabelSchema = z
  .object({
    id: IdSchema,
    project_id: IdSchema,
    name: z.string(),
    color: z.string(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi("Label");
export type Label = z.infer<typeof LabelSchema>;

export const CreateLabelBody = z
  .strictObject({ name: Name, color: Color.default("#808080") })
  .openapi("CreateLabel");
export const UpdateLabelBody = z
  .strictObject({ name: Name.optional(), color: Color.optional() })
  .openapi("UpdateLabel");
export const AttachLabelBody = z
  .strictObject({ label_id: IdSchema.openapi({ description: "From list_labels." }) })
  .openapi("AttachLabel");
