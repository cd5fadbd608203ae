// Invitations by email to join a project.
import { z } from "../../zod.ts";
import { IdSchema, TimestampSchema } from "./common.ts";
import { RoleSchema } from "./members.ts";

export const InvitationSchema = z
  .object({
    id: IdSchema,
    project_id: IdSchema,
    project_name: z.string(),
    email: z.string().openapi({ description: "The invited address, trimmed and lower case." }),
    role: RoleSchema.openapi({ description: "The role the invitee gets on accepting." }),
    invited_by: IdSchema.openapi({ description: "The user who invited." }),
    invited_by_name: z.string().openapi({ description: "Their name, as the invitee sees it." }),
    created_at: TimestampSchema,
  })
  .openapi("Invitation");
export type Invitation = z.infer<typeof InvitationSchema>;
