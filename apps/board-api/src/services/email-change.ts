// Changing the account's email address (issue 28, point 3): asked from the web app with a passkey
// used in the last 5 minutes (a stolen session alone cannot move the account to its own mailbox),
// proved by a link mailed to the new address and opened by the same account (confirmEmail in
// email-verification.ts). Until then the current address stays the account's; it is told of the
// request, so its owner can react to a change they did not make.
import type { EmailVerification } from "@org/contracts";
import type { Db } from "@org/db";
import {
  ConflictError,
  ForbiddenError,
  mailSafeName,
  ServiceUnavailableError,
  type MailMessage,
  type Mailer,
} from "@org/service-kit";
import type { Actor } from "./context.ts";
import { assertMayMail, mailLink, verificationLink } from "./email-verification.ts";
import { assertSteppedUp } from "./step-up.ts";

/** change_email: mails `email` the link that makes it the account's address. */
export async function requestEmailChange({
  db,
  mailer,
  actor,
  publicUrl,
  email,
}: {
  db: Db;
  mailer: Mailer | undefined;
  actor: Actor;
  publicUrl: string;
  email: string;
}): Promise<EmailVerification> {
  if (!actor.viaWebApp) {
    throw new ForbiddenError(
      "An API token cannot change the account's email address: change it in the web app (Account).",
    );
  }
  assertSteppedUp(actor);
  if (!mailer) {
    throw new ServiceUnavailableError(
      "This server sends no mail (SMTP_URL is not set), so a new email address cannot be verified here.",
    );
  }
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.id } });
  if (email === user.email) throw new ConflictError(`${email} is your address already.`);
  // Sign-up says the same of an address that has an account: this tells nobody anything new.
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) {
    throw new ConflictError(`${email} belongs to another account.`);
  }
  const now = Date.now();
  await assertMayMail(db, user.id, email, now);
  const sent = await mailLink({
    db,
    mailer,
    now,
    email,
    store: (data) =>
      db.$transaction(async (tx) => {
        // Only the newest request counts: the links of older ones (to other addresses) stop working.
        await tx.emailVerification.updateMany({
          where: { userId: user.id, usedAt: null, email: { not: user.email } },
          data: { usedAt: new Date(now) },
        });
        return tx.emailVerification.create({ data: { userId: user.id, ...data } });
      }),
    mail: (token) => emailChangeMail(user, email, verificationLink(publicUrl, token)),
  });
  // The current address is told; a mail server failing here does not undo the request.
  await mailer.send(emailChangeNotice(user, email, publicUrl)).catch(() => undefined);
  return sent;
}

/** To the new address: the link, and which account it is for. */
export function emailChangeMail(
  user: { name: string; email: string },
  email: string,
  link: string,
): MailMessage {
  const name = mailSafeName(user.name);
  return {
    to: email,
    subject: "Confirm your new email address for Board",
    text:
      (name ? `Hello ${name},\n\n` : "Hello,\n\n") +
      `To make ${email} the address of your Board account, open this link while signed in to Board ` +
      `(as ${user.email}):\n\n${link}\n\n` +
      "The link works once, for 24 hours. Until it is opened your account keeps its current address. " +
      "If you did not ask for it, ignore this message: nothing changes.\n",
  };
}

/** To the current address: what was asked, and what to do if it was not its owner. */
export function emailChangeNotice(
  user: { name: string; email: string },
  email: string,
  publicUrl: string,
): MailMessage {
  const name = mailSafeName(user.name);
  const account = `${new URL(publicUrl).origin}/app/account`;
  return {
    to: user.email,
    subject: "Your Board account's email address is being changed",
    text:
      (name ? `Hello ${name},\n\n` : "Hello,\n\n") +
      `At ${new Date().toISOString()} your Board account asked to change its email address from ` +
      `${user.email} to ${email}. It changes only when the link sent to ${email} is opened; until ` +
      "then this address stays the account's.\n\n" +
      "If that was you, there is nothing to do. If it was not, someone has your session and one of " +
      `your passkeys: sign in, check your passkeys and API tokens under ${account}, delete any you do ` +
      "not know, and ask for a change back to this address if it was made.\n",
  };
}
