import { confirmEmail, sendEmailVerification } from "../services/email-verification.ts";
import { getMe, updateMe } from "../services/users.ts";
import type { Implementations } from "./types.ts";

export const meImplementations = {
  get_me: (ctx) => getMe(ctx),
  update_me: (ctx, { body }) => updateMe({ ...ctx, input: body }),
  send_email_verification: (ctx) => sendEmailVerification({ ...ctx, mailer: ctx.mailer }),
  confirm_email: (ctx, { body }) => confirmEmail({ ...ctx, token: body.token }),
} satisfies Partial<Implementations>;
