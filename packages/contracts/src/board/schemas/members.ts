// Project members and their roles.
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { IdSchema, TimestampSchema } from "./common.ts";
import { HandleSchema } from "./me.ts";

export const RoleSchema = z.enum(["owner", "admin", "member", "viewer"]).openapi("Role", {
  description:
    "owner: everything; admin: project settings, columns, labels, priorities, members other than owners; " +
    "member: cards, comments, checklists, card labels, attachments; viewer: read only.",
});
export type Role = z.infer<typeof RoleSchema>;

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

export const AddMemberBody = z
  .strictObject({
    user_id: IdSchema.optional(),
    email: StorableText.trim().toLowerCase().min(1).max(320).optional().openapi({
      description: "Invites this address instead (202, same answer whether or not it has an account).",
    }),
    role: RoleSchema.default("member"),
  })
  .refine((body) => Boolean(body.user_id) !== Boolean(body.email), {
    message: "Give exactly one of user_id or email.",
    path: ["user_id"],
  })
  .openapi("AddMember");
