// The user a request acts as: `get_me`, `update_me`.
import { z } from "../../zod.ts";
import { HANDLE_PATTERN } from "../handles.ts";
import { EmailAddress, IdSchema, Name, TimestampSchema } from "./common.ts";

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
    email_notifications: z.boolean().openapi({
      description:
        "Whether the user's card notifications (assigned, handoff, mention, watched, due_soon) are also " +
        "mailed to them (within about a minute), once the address is verified and the server has mail.",
    }),
    created_at: TimestampSchema,
  })
  .openapi("User");
export type User = z.infer<typeof UserSchema>;

export const UpdateMeBody = z
  .strictObject({
    name: Name.optional(),
    handle: HandleSchema.optional(),
    email_notifications: z
      .boolean()
      .optional()
      .openapi({ description: "true: mail me my card notifications too (opt-in; default false)." }),
  })
  .openapi("UpdateMe");
export type UpdateMeBody = z.infer<typeof UpdateMeBody>;

export const EmailVerificationSchema = z
  .object({
    email: z.string().openapi({
      description: "Where the link was sent: the caller's address (change_email: the new one).",
    }),
    expires_at: TimestampSchema.openapi({ description: "The link works once, until then." }),
  })
  .openapi("EmailVerification");
export type EmailVerification = z.infer<typeof EmailVerificationSchema>;

export const ChangeEmailBody = z
  .strictObject({
    email: EmailAddress.openapi({
      description: "The new address (trimmed, lower-cased); the link that makes it yours is sent there.",
      example: "ada@new.example.com",
    }),
  })
  .openapi("ChangeEmail");
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;
