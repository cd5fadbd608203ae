// Wire schemas of the board API: what clients send and receive. Never Prisma types.
import { queryInteger } from "../query.ts";
import { StorableText, StorableUrl } from "../text.ts";
import { z } from "../zod.ts";
import { HANDLE_PATTERN } from "./handles.ts";

export const IdSchema = z
  .uuid()
  .openapi({ description: "Opaque identifier (UUIDv7).", example: "0190c1d2-5b1e-7c3a-9f00-1a2b3c4d5e6f" });
export const TimestampSchema = z.iso.datetime().openapi({ description: "ISO 8601 timestamp, UTC." });
const Name = StorableText.trim().min(1).max(200);
const Color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "Expected a color like #1f6feb.")
  .openapi({ example: "#1f6feb" });
const Position = z.number().int().min(0).openapi({ description: "0-based index; past the end means last." });

/** Empty string or null on an optional field clears it (stored as null). */
function clearable<T extends z.ZodType>(schema: T, description?: string) {
  return z.union([z.literal("").transform(() => null), z.null(), schema]).openapi({
    description: [description, "An empty string (or null) clears the field."].filter(Boolean).join(" "),
  });
}

/**
 * A due date: an ISO 8601 date-time, or a date alone (`2026-12-01`), which means the end of that
 * day in UTC (`2026-12-01T23:59:59.999Z`): a card due on a day is due all of that day, and is not
 * overdue before it ends.
 */
export const DueAtInput = z.union([
  z.iso.datetime({ offset: true }),
  z.iso.date().transform((day) => `${day}T23:59:59.999Z`),
]);
export const DUE_AT_RULE =
  "ISO 8601 date-time, or a date alone (`2026-12-01`): the end of that day in UTC (`2026-12-01T23:59:59.999Z`).";

// ---- path parameters and queries ----
export const IdParams = z.object({ id: IdSchema });
export const CardLabelParams = z.object({ id: IdSchema, label_id: IdSchema });
export const MemberParams = z.object({ id: IdSchema, user_id: IdSchema });

export const ListQuery = z.object({
  limit: queryInteger(z.number().int().min(1).max(200))
    .default(50)
    .openapi({ description: "Page size, 1..200 (default 50), base-10 digits." }),
  cursor: z
    .string()
    .regex(/^[0-9a-f-]{36}$/i, "Invalid cursor.")
    .optional()
    .openapi({ description: "The `next_cursor` of the previous page." }),
});
export type ListQuery = z.infer<typeof ListQuery>;

/**
 * A query flag: `true` or `false` in a URL. Documented as a boolean (the way OpenAPI writes a boolean
 * query parameter), so an MCP tool takes a JSON boolean, which the tool layer passes on as its text.
 */
const QueryFlag = z
  .enum(["true", "false"])
  .transform((value) => value === "true")
  .openapi({ type: "boolean" });
export const BoardQuery = z
  .object({
    include_archived: QueryFlag.optional().openapi({ description: "true: archived cards are listed too." }),
    column_id: IdSchema.optional().openapi({ description: "Only this column of the board." }),
    cards_limit: queryInteger(z.number().int().min(1).max(500)).optional().openapi({
      description:
        "At most this many cards per column (1..500); each column then says in `cards_next_cursor` where its next cards start.",
    }),
    cards_cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, "Invalid cursor.")
      .optional()
      .openapi({
        description: "With `column_id`: that column's `cards_next_cursor`; its cards after that point.",
      }),
  })
  .refine((query) => !query.cards_cursor || query.column_id, {
    path: ["cards_cursor"],
    message: "cards_cursor needs column_id (a cursor belongs to one column).",
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

export { HANDLE_PATTERN };
export const HandleSchema = z
  .string()
  .regex(HANDLE_PATTERN, "2 to 32 lower-case letters, digits, _ or -, starting with a letter or digit.")
  .openapi({ description: "Unique; what `@handle` mentions in the web app name.", example: "ada" });

export const UserSchema = z
  .object({
    id: IdSchema,
    email: z.string(),
    name: z.string(),
    handle: HandleSchema,
    email_verified: z.boolean().openapi({
      description:
        "Whether the user proved they receive mail at `email` (send_email_verification, confirm_email). " +
        "Only a verified address lets them accept invitations sent to it without the invitation's link.",
    }),
    created_at: TimestampSchema,
  })
  .openapi("User");
export type User = z.infer<typeof UserSchema>;

export const UpdateMeBody = z
  .strictObject({ name: Name.optional(), handle: HandleSchema.optional() })
  .openapi("UpdateMe");
export type UpdateMeBody = z.infer<typeof UpdateMeBody>;

// ---- API tokens (the account service) ----
export const ApiTokenSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    created_at: TimestampSchema,
    last_used_at: TimestampSchema.nullable().openapi({
      description: "When a request last used it (to the minute); null if never.",
    }),
  })
  .openapi("ApiToken");
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const CreatedApiTokenSchema = ApiTokenSchema.extend({
  token: z
    .string()
    .openapi({ description: "The secret: shown once, in this answer only; stored as a hash." }),
}).openapi("CreatedApiToken");
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

export const CreateApiTokenBody = z
  .strictObject({ name: StorableText.trim().min(1).max(100) })
  .openapi("CreateApiToken");

export const MemberSchema = z
  .object({
    project_id: IdSchema,
    user_id: IdSchema,
    email: z.string(),
    name: z.string(),
    handle: HandleSchema,
    role: RoleSchema,
    created_at: TimestampSchema,
  })
  .openapi("Member");
export type Member = z.infer<typeof MemberSchema>;

const InviteeEmail = StorableText.trim()
  .toLowerCase()
  .max(320)
  .regex(/^[^\s@]+@[^\s@]+$/, "A valid email address is required.");

export const AddMemberBody = z
  .strictObject({
    user_id: IdSchema.optional().openapi({
      description:
        "A member: their role changes (201). Anyone else: they are invited (202) and join on accepting.",
    }),
    email: InviteeEmail.optional().openapi({
      description:
        "Invites this address instead (202, same answer whether or not it has an account); create_invitation gives a link to share.",
    }),
    role: RoleSchema.default("member"),
  })
  .refine((body) => Boolean(body.user_id) !== Boolean(body.email), {
    message: "Give exactly one of user_id or email.",
    path: ["user_id"],
  })
  .openapi("AddMember");

export const CreateInvitationBody = z
  .strictObject({
    email: InviteeEmail.openapi({
      description:
        "Who the link is for, as a label (trimmed, lower case): anyone signed in who opens the link can accept it; the account with this address, once verified, also sees it in list_my_invitations.",
    }),
    role: RoleSchema.default("member"),
  })
  .openapi("CreateInvitation");

export const InvitationSchema = z
  .object({
    id: IdSchema,
    project_id: IdSchema,
    project_name: z.string(),
    email: z.string().nullable().openapi({
      description:
        "The invited address (a label), trimmed and lower case; null for an invitation of a user by id.",
    }),
    user_id: IdSchema.nullable().openapi({
      description: "The user invited by id (add_member with user_id); null for an invitation by email.",
    }),
    role: RoleSchema.openapi({ description: "The role the invitee gets on accepting." }),
    invited_by: IdSchema.openapi({ description: "The user who invited." }),
    invited_by_name: z.string().openapi({ description: "Their name, as the invitee sees it." }),
    created_at: TimestampSchema,
    expires_at: TimestampSchema.openapi({ description: "After this it can no longer be accepted." }),
  })
  .openapi("Invitation");
export type Invitation = z.infer<typeof InvitationSchema>;

export const CreatedInvitationSchema = InvitationSchema.extend({
  url: z.string().openapi({
    description:
      "The single-use invitation link to share with the invitee: shown once, in this answer only (stored as a hash). Whoever opens it signed in can accept it.",
  }),
}).openapi("CreatedInvitation");
export type CreatedInvitation = z.infer<typeof CreatedInvitationSchema>;

/** A secret from a link: an invitation's, or an email verification's. */
export const LinkTokenBody = z
  .strictObject({
    token: StorableText.trim().min(1).max(200).openapi({ description: "The secret after `#` in the link." }),
  })
  .openapi("LinkToken");

export const InvitationPreviewSchema = z
  .object({
    project_name: z.string(),
    role: RoleSchema,
    email: z.string().nullable().openapi({ description: "Who the inviter meant it for (a label)." }),
    invited_by_name: z.string(),
    expires_at: TimestampSchema,
    already_member: z.boolean().openapi({ description: "The caller is a member of the project already." }),
  })
  .openapi("InvitationPreview");
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const EmailVerificationSchema = z
  .object({
    email: z.string().openapi({ description: "Where the link was sent: the caller's address." }),
    expires_at: TimestampSchema.openapi({ description: "The link works once, until then." }),
  })
  .openapi("EmailVerification");
export type EmailVerification = z.infer<typeof EmailVerificationSchema>;

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
  .strictObject({ name: Name, repo_url: clearable(StorableUrl).optional() })
  .openapi("CreateProject");
export const UpdateProjectBody = z
  .strictObject({ name: Name.optional(), repo_url: clearable(StorableUrl).optional() })
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
  body: StorableText.max(100_000).optional(),
  assignee_id: clearable(IdSchema).optional(),
  due_at: clearable(DueAtInput, `When the card is due: ${DUE_AT_RULE}`).optional(),
  priority_id: clearable(IdSchema).optional(),
  owner_type: OwnerTypeSchema.optional(),
  shepherds: z
    .array(IdSchema)
    .max(50)
    .optional()
    .openapi({ description: "User ids (project members). [] clears; an empty string is invalid." }),
  work_phase: clearable(StorableText.max(200)).optional(),
};

export const CreateCardBody = z
  .strictObject({ title: Name, ...cardFields, position: Position.optional() })
  .openapi("CreateCard");
export type CreateCardBody = z.infer<typeof CreateCardBody>;

export const UpdateCardBody = z.strictObject({ title: Name.optional(), ...cardFields }).openapi("UpdateCard");
export type UpdateCardBody = z.infer<typeof UpdateCardBody>;

export const MoveCardBody = z
  .strictObject({
    to_column_id: IdSchema.openapi({ description: "The column to put the card in (same project)." }),
    position: Position.optional().openapi({
      description: "0-based index among the column's non-archived cards; absent or past the end: last.",
    }),
  })
  .openapi("MoveCard");

export const BoardColumnSchema = ColumnSchema.extend({
  cards: z.array(CardSchema),
  cards_next_cursor: z.string().nullable().optional().openapi({
    description:
      "Only with `cards_limit`: pass as `cards_cursor` (with this column's `column_id`) for the column's next cards; null when there are no more.",
  }),
}).openapi("BoardColumn");
export type BoardColumn = z.infer<typeof BoardColumnSchema>;

// ---- comments ----
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

const ChecklistText = StorableText.trim().min(1).max(2000);
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

// ---- agent workflow ----

/** Lease length of a claim, seconds. */
export const LEASE_SECONDS = { min: 60, max: 86_400, default: 7_200 } as const;
/** Lifetime of an attention record, seconds. */
export const ATTENTION_TTL_SECONDS = { min: 10, max: 3_600, default: 300 } as const;
/** Children per decompose call. */
export const DECOMPOSE_MAX_CHILDREN = 50;

export const ClaimBody = z
  .strictObject({
    lease_seconds: z
      .number()
      .int()
      .min(LEASE_SECONDS.min)
      .max(LEASE_SECONDS.max)
      .default(LEASE_SECONDS.default)
      .openapi({
        description: "Lease length, 60..86400 seconds (default 7200). The claim lapses when it runs out.",
      }),
  })
  .openapi("Claim");

export const PlanSchema = z
  .object({
    id: IdSchema,
    card_id: IdSchema,
    version: z.number().int().openapi({ description: "1 for the card's first plan, then 2, 3, …" }),
    summary: z.string(),
    steps: z.array(z.string()),
    author_id: IdSchema,
    created_at: TimestampSchema,
  })
  .openapi("Plan");
export type Plan = z.infer<typeof PlanSchema>;

/** `GET /cards/{id}`: the card payload plus its latest plan. */
export const CardWithPlanSchema = CardSchema.extend({
  plan: PlanSchema.nullable().openapi({ description: "The latest published plan; null when none." }),
}).openapi("CardWithPlan");
export type CardWithPlan = z.infer<typeof CardWithPlanSchema>;

export const PublishPlanBody = z
  .strictObject({
    summary: StorableText.trim().min(1).max(10_000),
    steps: z.array(StorableText.trim().min(1).max(2000)).max(200).default([]),
    as_checklist: z
      .boolean()
      .default(false)
      .openapi({ description: "true: each step is also appended to the card's checklist." }),
  })
  .openapi("PublishPlan");

export const DecomposeBody = z
  .strictObject({
    cards: z
      .array(
        z.strictObject({
          title: Name,
          body: StorableText.max(100_000).optional(),
          owner_type: OwnerTypeSchema.optional().openapi({ description: "Default: the parent's." }),
          priority_id: IdSchema.nullable()
            .optional()
            .openapi({ description: "A priority of the project; default: the parent's; null: none." }),
        }),
      )
      .min(1)
      .max(DECOMPOSE_MAX_CHILDREN),
  })
  .openapi("Decompose");

export const DecomposeResultSchema = z
  .object({ parent: CardSchema, children: z.array(CardSchema) })
  .openapi("DecomposeResult");

export const HandoffBody = z
  .strictObject({
    note: StorableText.trim().min(1).max(100_000),
    to_user_id: IdSchema.optional().openapi({ description: "New assignee (a project member)." }),
    owner_type: OwnerTypeSchema.optional(),
    work_phase: StorableText.max(200).optional(),
  })
  .openapi("Handoff");

export const GateCriterionSchema = z
  .object({
    id: IdSchema,
    project_id: IdSchema,
    column_id: IdSchema.nullable().openapi({
      description: "Applies to the cards of this column; null: to every card of the project.",
    }),
    text: z.string(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi("GateCriterion");
export type GateCriterion = z.infer<typeof GateCriterionSchema>;

const CriterionText = StorableText.trim().min(1).max(2000);
export const CreateGateCriterionBody = z
  .strictObject({ text: CriterionText, column_id: IdSchema.nullable().optional() })
  .openapi("CreateGateCriterion");
export const UpdateGateCriterionBody = z
  .strictObject({ text: CriterionText.optional(), column_id: IdSchema.nullable().optional() })
  .openapi("UpdateGateCriterion");

export const GateSchema = z
  .object({
    card_id: IdSchema,
    satisfied: z.boolean().openapi({ description: "true when every criterion listed is acked." }),
    criteria: z.array(
      z.object({
        id: IdSchema,
        text: z.string(),
        column_id: IdSchema.nullable(),
        acked: z.boolean(),
        acked_by: IdSchema.nullable(),
        acked_at: TimestampSchema.nullable(),
        note: z.string().nullable(),
      }),
    ),
  })
  .openapi("Gate");
export type Gate = z.infer<typeof GateSchema>;

export const GateAckBody = z
  .strictObject({ criterion_id: IdSchema, note: StorableText.max(10_000).optional() })
  .openapi("GateAck");
export const GateAckSchema = z
  .object({
    card_id: IdSchema,
    criterion_id: IdSchema,
    acked_by: IdSchema,
    acked_at: TimestampSchema,
    note: z.string().nullable(),
  })
  .openapi("GateAckRecord");
export const GateAckParams = z.object({ id: IdSchema, criterion_id: IdSchema });

export const RotReasonSchema = z
  .enum(["claimed_idle", "claim_expired", "no_activity", "overdue"])
  .openapi("RotReason", {
    description:
      "claimed_idle: live claim, idle ≥ stale_hours; claim_expired: the claim's lease ran out; " +
      "no_activity: not claimed, idle ≥ stale_hours; overdue: due_at has passed.",
  });
export const RotQuery = z.object({
  stale_hours: queryInteger(
    z
      .number()
      .int()
      .min(1)
      .max(24 * 365),
  )
    .default(72)
    .openapi({ description: "Whole idle hours after which a card counts as stale, 1..8760 (default 72)." }),
});
export const RotEntrySchema = z
  .object({
    card: CardSchema,
    reasons: z.array(RotReasonSchema),
    idle_hours: z.number().openapi({ description: "Hours since the card's last activity (2 decimals)." }),
  })
  .openapi("RotEntry");

export const AttentionSchema = z
  .object({
    user_id: IdSchema,
    card_id: IdSchema,
    note: z.string().nullable(),
    since: TimestampSchema,
    expires_at: TimestampSchema,
  })
  .openapi("Attention");
export type Attention = z.infer<typeof AttentionSchema>;
export const SetAttentionBody = z
  .strictObject({
    note: StorableText.max(2000).optional(),
    ttl_seconds: z
      .number()
      .int()
      .min(ATTENTION_TTL_SECONDS.min)
      .max(ATTENTION_TTL_SECONDS.max)
      .default(ATTENTION_TTL_SECONDS.default)
      .openapi({ description: "Seconds the record stays live, 10..3600 (default 300)." }),
  })
  .openapi("SetAttention");

export const FindingKindSchema = z.enum(["bug", "risk", "question", "note"]).openapi("FindingKind");
export const FindingSeveritySchema = z.enum(["low", "medium", "high", "critical"]).openapi("FindingSeverity");
export const FindingSchema = z
  .object({
    id: IdSchema,
    card_id: IdSchema,
    author_id: IdSchema,
    kind: FindingKindSchema,
    title: z.string(),
    body: z.string().nullable(),
    severity: FindingSeveritySchema.nullable(),
    created_at: TimestampSchema,
  })
  .openapi("Finding");
export type Finding = z.infer<typeof FindingSchema>;
export const CreateFindingBody = z
  .strictObject({
    kind: FindingKindSchema,
    title: Name,
    body: StorableText.max(100_000).optional(),
    severity: FindingSeveritySchema.optional(),
  })
  .openapi("CreateFinding");

// ---- notifications and card activity (written only for changes made in the web app) ----
export const NotificationKindSchema = z.enum(["mention"]).openapi("NotificationKind", {
  description: "mention: someone wrote @your-handle in a card or comment in the web app.",
});

export const NotificationSchema = z
  .object({
    id: IdSchema,
    kind: NotificationKindSchema,
    project_id: IdSchema,
    project_name: z.string(),
    card_id: IdSchema,
    card_number: z.number().int(),
    card_title: z.string(),
    comment_id: IdSchema.nullable().openapi({ description: "The comment mentioning you; null: the card." }),
    actor_id: IdSchema.openapi({ description: "Who mentioned you." }),
    actor_name: z.string(),
    excerpt: z.string().openapi({ description: "The text around the mention." }),
    read_at: TimestampSchema.nullable(),
    created_at: TimestampSchema,
  })
  .openapi("Notification");
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsQuery = ListQuery.extend({
  unread: QueryFlag.optional().openapi({ description: "true: unread ones only." }),
});

export const CARD_ACTIVITY_KINDS = [
  "created",
  "edited",
  "moved",
  "archived",
  "unarchived",
  "commented",
  "claimed",
  "unclaimed",
  "handed_off",
  "plan_published",
  "decomposed",
  "label_added",
  "label_removed",
  "checklist_item_added",
  "checklist_item_checked",
  "checklist_item_unchecked",
  "attachment_added",
  "finding_recorded",
  "gate_acked",
] as const;
export const CardActivityKindSchema = z.enum(CARD_ACTIVITY_KINDS).openapi("CardActivityKind", {
  description:
    "What happened. `data` says more: edited `{fields: {name: {from, to}}}`, moved `{from_column_id, " +
    "to_column_id, position}`, commented `{comment_id}`, handed_off `{to_user_id, note}`, plan_published " +
    "`{version}`, label_added/label_removed `{label_id, name}`, checklist_item_* `{item_id, text}`, " +
    "attachment_added `{attachment_id, filename}`, finding_recorded `{finding_id, kind, title}`, " +
    "gate_acked `{criterion_id, text}`, claimed `{lease_seconds}`, decomposed `{children}`.",
});
export type CardActivityKind = z.infer<typeof CardActivityKindSchema>;

export const CardActivitySchema = z
  .object({
    id: IdSchema,
    kind: CardActivityKindSchema,
    actor_id: IdSchema.openapi({ description: "Who did it." }),
    data: z.record(z.string(), z.unknown()),
    created_at: TimestampSchema,
  })
  .openapi("CardActivity");
export type CardActivity = z.infer<typeof CardActivitySchema>;

// ---- live events (socket.io) ----

/**
 * Every event board-api emits: to the `project:<id>` room of the project that changed, or (the
 * notification and invitation events) to the `user:<id>` room of the one person they are for.
 */
export const BOARD_EVENT_NAMES = [
  "card.created",
  "card.updated",
  "card.moved",
  "card.archived",
  "card.unarchived",
  "card.deleted",
  "card.claimed",
  "card.unclaimed",
  "card.decomposed",
  "card.handed_off",
  "plan.published",
  "column.created",
  "column.updated",
  "column.deleted",
  "comment.created",
  "comment.deleted",
  "gate.criterion_created",
  "gate.criterion_updated",
  "gate.criterion_deleted",
  "gate.acked",
  "gate.ack_removed",
  "attention.changed",
  "finding.created",
  "notification.created",
  "invitation.created",
  "invitation.deleted",
] as const;
export type BoardEventName = (typeof BOARD_EVENT_NAMES)[number];

/** The envelope of every live event: the socket.io event name is `type`. */
export interface BoardEvent {
  type: BoardEventName;
  project_id: string;
  /** The user whose request caused it. */
  actor_id: string;
  /** Sent to this user only (their `user:<id>` room), not to the project's room. */
  to_user_id?: string;
  at: string;
  data: Record<string, unknown>;
}
