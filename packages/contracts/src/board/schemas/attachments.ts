// Files attached to cards and comments.
import { z } from "../../zod.ts";
import { IdSchema, TimestampSchema } from "./common.ts";

export const AttachmentSchema = z
  .object({
    id: IdSchema,
    filename: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    sha256: z.string().openapi({ description: "Hex SHA-256 of the bytes." }),
    card_id: IdSchema.nullable(),
    comment_id: IdSchema.nullable(),
    uploader_id: IdSchema,
    created_at: TimestampSchema,
  })
  .openapi("Attachment");
export type Attachment = z.infer<typeof AttachmentSchema>;

export const UploadBody = z
  .object({ file: z.string().openapi({ type: "string", format: "binary" }) })
  .openapi({ description: "multipart/form-data with exactly one field named `file` (up to 10 MB)." });

/** Largest attachment accepted: 10 MB. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
