// Wire schemas of the board API: what clients send and receive. Never Prisma types.
import { z } from "../zod.ts";

export const IdSchema = z
  .uuid()
  .openapi({ description: "Opaque identifier (UUIDv7).", example: "0190c1d2-5b1e-7c3a-9f00-1a2b3c4d5e6f" });
export const TimestampSchema = z.iso.datetime().openapi({ description: "ISO 8601 timestamp, UTC." });
const Name = z.string().trim().min(1).max(200);
const Color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "Expected a color like #1f6feb.")
  .openapi({ example: "#1f6feb" });
const Position = z.number().int().min(0).openapi({ description: "0-based index; past the end means last." });

/** Empty string or null on an optional field clears it (stored as null). */
function clearable<T extends z.ZodType>(schema: T) {
  return z
    .union([z.literal("").transform(() => null), z.null(), schema])
    .openapi({ description: "An empty string (or null) clears the field." });
}

// ---- path parameters and queries ----
export const IdParams = z.object({ id: IdSchema });
export const CardLabelParams = z.object({ id: IdSchema, label_id: IdSchema });
export const MemberParams = z.object({ id: IdSchema, user_id: IdSchema });

export const ListQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(50)
    .openapi({ description: "Page size, 1..200 (default 50)." }),
  cursor: z
    .string()
    .regex(/^[0-9a-f-]{36}$/i, "Invalid cursor.")
    .optional()
    .openapi({ description: "The `next_cursor` of the previous page." }),
});
export type ListQuery = z.infer<typeof ListQuery>;

const BooleanString = z.enum(["true", "false"]).transform((value) => value === "true");
export const BoardQuery = z.object({
  include_archived: BooleanString.optional().openapi({ description: "true: archived cards are listed too." }),
});

/** `{"data":[...],"next_cursor":null|"..."}`: the envelope of every list. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    next_cursor: z
      .string()
      .nullable()
      .openapi({ description: "Pass as `cursor` for the next page; null on the last." }),
  });
}

// ---- users and members ----
export const RoleSchema = z.enum(["owner", "admin", "member", "viewer"]).openapi("Role", {
  description:
    "owner: everything; admin: project settings, columns, labels, priorities, members other than owners; " +
    "member: cards, comments, checklists, card labels, attachments; viewer: read only.",
});
export type Role = z.infer<typeof RoleSchema>;

export const UserSchema = z
  .object({ id: IdSchema, email: z.string(), name: z.string(), created_at: TimestampSchema })
  .openapi("User");
export type User = z.infer<typeof UserSchema>;

export const MemberSchema = z
  .object({
    project_id: IdSchema,
    user_id: IdSchema,
    email: z.string(),
    name: z.string(),
    role: RoleSchema,
    created_at: TimestampSchema,
  })
  .openapi("Member");
export type Member = z.infer<typeof MemberSchema>;

export const AddMemberBody = z
  .strictObject({
    user_id: IdSchema.optional(),
    email: z.string().trim().toLowerCase().optional(),
    role: RoleSchema.default("member"),
  })
  .refine((body) => Boolean(body.user_id) !== Boolean(body.email), {
    message: "Give exactly one of user_id or email.",
    path: ["user_id"],
  })
  .openapi("AddMember");

// ---- projects ----
export const ProjectSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    repo_url: z.string().nullable(),
    role: RoleSchema.openapi({ description: "The caller's role in the project." }),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi("Project");
export type Project = z.infer<typeof ProjectSchema>;

export const CreateProjectBody = z
  .strictObject({ name: Name, repo_url: clearable(z.url()).optional() })
  .openapi("CreateProject");
export const UpdateProjectBody = z
  .strictObject({ name: Name.optional(), repo_url: clearable(z.url()).optional() })
  .openapi("UpdateProject");

// ---- columns ----
export const ColumnSchema = z
  .object({
    id: IdSchema,
    project_id: IdSchema,
    name: z.string(),
    position: z.number().int(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi("Column");
export type Column = z.infer<typeof ColumnSchema>;

export const CreateColumnBody = z
  .strictObject({ name: Name, position: Position.optional() })
  .openapi("CreateColumn");
export const UpdateColumnBody = z
  .strictObject({ name: Name.optional(), position: Position.optional() })
  .openapi("UpdateColumn");

// ---- labels ----
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
export const AttachLabelBody = z.strictObject({ label_id: IdSchema }).openapi("AttachLabel");

// ---- priorities ----
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

// ---- cards ----
export const OwnerTypeSchema = z.enum(["human", "agent"]).openapi("OwnerType");

export const CardSchema = z
  .object({
    id: IdSchema,
    project_id: IdSchema,
    column_id: IdSchema,
    number: z.number().int().openapi({ description: "Per-project handle (#number); never reused." }),
    title: z.string(),
    body: z.string(),
    position: z.number().int().openapi({ description: "0-based among the column's non-archived cards." }),
    assignee_id: IdSchema.nullable(),
    due_at: TimestampSchema.nullable(),
    priority_id: IdSchema.nullable(),
    owner_type: OwnerTypeSchema,
    shepherds: z.array(IdSchema),
    work_phase: z.string().nullable(),
    labels: z.array(CardLabelRefSchema),
    checklist_done: z.number().int(),
    checklist_total: z.number().int(),
    claimed_by: IdSchema.nullable(),
    claimed_at: TimestampSchema.nullable(),
    claim_expires_at: TimestampSchema.nullable(),
    parent_id: IdSchema.nullable(),
    archived: z.boolean(),
    archived_at: TimestampSchema.nullable(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi("Card");
export type Card = z.infer<typeof CardSchema>;

const cardFields = {
  body: z.string().max(100_000).optional(),
  assignee_id: clearable(IdSchema).optional(),
  due_at: clearable(z.iso.datetime({ offset: true })).optional(),
  priority_id: clearable(IdSchema).optional(),
  owner_type: OwnerTypeSchema.optional(),
  shepherds: z
    .array(IdSchema)
    .max(50)
    .optional()
    .openapi({ description: "User ids (project members). [] clears; an empty string is invalid." }),
  work_phase: clearable(z.string().max(200)).optional(),
};

export const CreateCardBody = z
  .strictObject({ title: Name, ...cardFields, position: Position.optional() })
  .openapi("CreateCard");
export type CreateCardBody = z.infer<typeof CreateCardBody>;

export const UpdateCardBody = z.strictObject({ title: Name.optional(), ...cardFields }).openapi("UpdateCard");
export type UpdateCardBody = z.infer<typeof UpdateCardBody>;

export const MoveCardBody = z
  .strictObject({ to_column_id: IdSchema, position: Position })
  .openapi("MoveCard");

export const BoardColumnSchema = ColumnSchema.extend({ cards: z.array(CardSchema) }).openapi("BoardColumn");
export type BoardColumn = z.infer<typeof BoardColumnSchema>;

// ---- comments ----
export const CommentSchema = z
  .object({
    id: IdSchema,
    card_id: IdSchema,
    author_id: IdSchema,
    body: z.string(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi("Comment");
export type Comment = z.infer<typeof CommentSchema>;

export const CreateCommentBody = z
  .strictObject({ body: z.string().trim().min(1).max(100_000) })
  .openapi("CreateComment");

// ---- checklist ----
export const ChecklistItemSchema = z
  .object({
    id: IdSchema,
    card_id: IdSchema,
    text: z.string(),
    done: z.boolean(),
    position: z.number().int(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi("ChecklistItem");
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

const ChecklistText = z.string().trim().min(1).max(2000);
export const CreateChecklistItemBody = z
  .strictObject({ text: ChecklistText, done: z.boolean().optional() })
  .openapi("CreateChecklistItem");
export const UpdateChecklistItemBody = z
  .strictObject({
    text: ChecklistText.optional(),
    done: z.boolean().optional(),
    position: Position.optional(),
  })
  .openapi("UpdateChecklistItem");

// ---- attachments ----
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
