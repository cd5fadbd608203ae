import { requestEmailChange } from "../services/email-change.ts";
import { confirmEmail, sendEmailVerification } from "../services/email-verification.ts";
import { getMe, updateMe } from "../services/users.ts";
import type { Implementations } from "./types.ts";

export const meImplementations = {
  get_me: (ctx) => getMe(ctx),
  update_me: (ctx, { body }) => updateMe({ ...ctx, input: body }),
  send_email_verification: (ctx) => sendEmailVerification({ ...ctx, mailer: ctx.mailer }),
  change_email: (ctx, { body }) => requestEmailChange({ ...ctx, mailer: ctx.mailer, email: body.email }),
  confirm_email: (ctx, { body }) => confirmEmail({ ...ctx, token: body.token }),
} satisfies Partial<Implementations>;
