// Comments (and handoff notes, listed with them).
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { IdSchema, TimestampSchema } from "./common.ts";

export const CommentKindSchema = z.enum(["comment", "handoff"]).openapi("CommentKind", {
  description: "comment: written with create_comment; handoff: the note of a handoff_card.",
});

export const CommentSchema = z
  .object({
    id: IdSchema,
    card_id: IdSchema,
    author_id: IdSchema,
    body: z.string(),
    kind: CommentKindSchema,
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi("Comment");
export type Comment = z.infer<typeof CommentSchema>;

export const CreateCommentBody = z
  .strictObject({ body: StorableText.trim().min(1).max(100_000) })
  .openapi("CreateComment");

export const UpdateCommentBody = z
  .strictObject({ body: StorableText.trim().min(1).max(100_000) })
  .openapi("UpdateComment");
