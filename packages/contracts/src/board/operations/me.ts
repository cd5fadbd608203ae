// The caller: operations of the registry (see registry.ts).
import { LinkTokenBody } from "../schemas/common.ts";
import { ChangeEmailBody, EmailVerificationSchema, UpdateMeBody, UserSchema } from "../schemas/me.ts";
import { BASE, CREATE, defineOperations, READ, UPDATE } from "./spec.ts";

export const meOperations = defineOperations({
  get_me: {
    method: "get",
    path: "/me",
    summary: "The current user",
    description:
      "Returns the user the request acts as (the API token's owner, or the web app's signed-in user), " +
      "with the `handle` that @mentions in the web app name.",
    group: "me",
    response: UserSchema,
    status: 200,
    errors: BASE,
    hints: READ,
  },
  update_me: {
    method: "patch",
    path: "/me",
    summary: "Change your name, handle or mail preference",
    description:
      "Sets `name`, `handle` (2..32 lower-case letters, digits, `_` or `-`, starting with a letter or " +
      "digit) and/or `email_notifications` (true: your card notifications are mailed to you too, once " +
      "your address is verified). A handle someone else has is conflict.",
    group: "me",
    body: UpdateMeBody,
    response: UserSchema,
    status: 200,
    errors: [...BASE, "validation_failed", "conflict"],
    hints: UPDATE,
  },
  send_email_verification: {
    method: "post",
    path: "/me/email-verification",
    summary: "Mail yourself a link that verifies your email address",
    description:
      "Sends the caller's address a single-use link (24 hours) to /app/verify-email; confirm_email with its " +
      "secret, as this same user, verifies the address (a link opened by anyone else verifies nothing). " +
      "A verified address lets you accept invitations sent to it without their link. At most one mail a " +
      "minute and five a day (rate_limited, with Retry-After); an address verified already is conflict; a " +
      "server without mail (no SMTP_URL) answers service_unavailable.",
    group: "me",
    response: EmailVerificationSchema,
    status: 201,
    errors: [...BASE, "conflict", "service_unavailable"],
    hints: CREATE,
  },
  change_email: {
    method: "post",
    path: "/me/email-change",
    summary: "Change your email address (a link to the new one makes it yours)",
    description:
      "Mails `email` a single-use link (24 hours) to /app/verify-email; confirm_email with its secret, as this " +
      "same user, makes it the account's address, verified. Until then the current address stays the " +
      "account's and keeps working; it is told of the request by mail. A newer request replaces an older " +
      "one. Only the web app's session asks (a bearer token, MCP included, is forbidden), with a passkey " +
      "used in the last 5 minutes (step_up_required otherwise: a stolen session cannot move the account " +
      "to its own mailbox). Your current address or another account's is conflict; mail limits as " +
      "send_email_verification (rate_limited, with Retry-After); a server without mail (no SMTP_URL) " +
      "answers service_unavailable.",
    group: "me",
    body: ChangeEmailBody,
    response: EmailVerificationSchema,
    status: 201,
    errors: [
      ...BASE,
      "forbidden",
      "step_up_required",
      "validation_failed",
      "conflict",
      "service_unavailable",
    ],
    hints: CREATE,
  },
  confirm_email: {
    method: "post",
    path: "/me/email-verification/confirm",
    summary: "Verify your email address with the link's secret",
    description:
      "Takes `token`, the secret after `#` in the link send_email_verification mailed, and marks the caller's " +
      "address verified (returns the user, `email_verified: true`); a link change_email mailed also makes its " +
      "address the account's (another account took it since: conflict), and every older link stops working. " +
      "The link works once, for 24 hours, for the user it was sent to and the address it was sent to; " +
      "anything else is not_found.",
    group: "me",
    body: LinkTokenBody,
    response: UserSchema,
    status: 200,
    errors: [...BASE, "not_found", "validation_failed", "conflict"],
    hints: UPDATE,
  },
});
