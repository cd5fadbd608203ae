// Project members and their roles.
import { z } from "../../zod.ts";
import { EmailAddress, IdSchema, TimestampSchema } from "./common.ts";
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

/** An invitee's address: a label, trimmed and in lower case. */
export const InviteeEmail = EmailAddress;

export const AddMemberBody = z
  .strictObject({
    user_id: IdSchema.optional().openapi({
      description: "A member: their role changes. Anyone else: they are invited and join on accepting.",
    }),
    email: InviteeEmail.optional().openapi({
      description:
        "Invites this address instead (the same empty answer whether or not it has an account); create_invitation gives a link to share.",
    }),
    role: RoleSchema.default("member"),
  })
  .refine((body) => Boolean(body.user_id) !== Boolean(body.email), {
    message: "Give exactly one of user_id or email.",
    path: ["user_id"],
  })
  .openapi("AddMember");
