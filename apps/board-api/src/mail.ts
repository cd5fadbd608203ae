// Where the board's mail goes: through SMTP_URL; in development without it, to the outbox page
// (`/app/dev/mail`, see routes/dev-mail.ts); otherwise nowhere, and then no email address is
// ever verified (nothing is granted on the strength of one).
import { outboxMailer, smtpMailer, type Mailer } from "@org/service-kit";
import type { BoardEnv } from "./env.ts";

export function boardMailer(env: BoardEnv): Mailer | undefined {
  const from = env.MAIL_FROM ?? `Board <no-reply@${new URL(env.PUBLIC_URL).hostname}>`;
  if (env.SMTP_URL) return smtpMailer({ url: env.SMTP_URL, from });
  if (env.NODE_ENV === "development") return outboxMailer({ from });
  return undefined;
}
