// Invitations by email to join a project.
import { z } from "../../zod.ts";
import { IdSchema, TimestampSchema } from "./common.ts";
import { InviteeEmail, RoleSchema } from "./members.ts";

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
