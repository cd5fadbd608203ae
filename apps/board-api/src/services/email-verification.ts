// Proving an email address: a single-use link mailed to it, opened by the same account. Only a
// verified address earns anything on its own (accepting invitations sent to it without their
// link); an unverified one is a label. Confirming needs both the link (the mailbox) and the
// account's own authentication, so a link opened by someone else — or prefetched by a mail
// scanner — verifies nothing.
import type { User } from "@org/contracts";
import { Prisma, type Db } from "@org/db";
import {
  ServiceUnavailableError,
  ConflictError,
  generateSecret,
  hashSecret,
  mailSafeName,
  NotFoundError,
  RateLimitedError,
  type MailMessage,
  type Mailer,
} from "@org/service-kit";
import type { Actor } from "./context.ts";
import { iso } from "./pagination.ts";
import { toUserWire } from "./users.ts";

export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** A new mail at most this often per user … */
const RESEND_AFTER_MS = 60_000;
/** … and at most this many a day: the address may be someone else's, who must not be flooded. */
const MAX_PER_DAY = 5;

const INVALID_LINK =
  "This verification link is unknown, used, expired, or for another account: sign in as the account it was sent to, or send a new one.";

export interface SentVerification {
  email: string;
  expires_at: string;
}

/** The page of the web app that confirms a link (the secret in the fragment: never sent in a request line). */
export const verificationLink = (publicUrl: string, token: string) =>
  `${new URL(publicUrl).origin}/app/verify-email#${token}`;

/** The mail: the name quoted only as mailSafeName allows (one line, short, no link-like text). */
export function verificationMail(user: { name: string; email: string }, link: string) {
  const name = mailSafeName(user.name);
  return {
    to: user.email,
    subject: "Confirm your email address for Board",
    text:
      (name ? `Hello ${name},\n\n` : "Hello,\n\n") +
      `To confirm that ${user.email} is your address, open this link while signed in to Board as ${user.email}:\n\n` +
      `${link}\n\n` +
      "The link works once, for 24 hours. If you did not ask for it, ignore this message: nothing changes.\n",
  };
}

/** Mails the caller a link that verifies their address. */
export async function sendEmailVerification({
  db,
  mailer,
  actor,
  publicUrl,
}: {
  db: Db;
  mailer: Mailer | undefined;
  actor: Actor;
  publicUrl: string;
}): Promise<SentVerification> {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.id } });
  if (user.emailVerifiedAt) throw new ConflictError(`${user.email} is verified already.`);
  if (!mailer) {
    throw new ServiceUnavailableError(
      "This server sends no mail (SMTP_URL is not set), so email addresses cannot be verified here; invitations still work by their link.",
    );
  }
  const now = Date.now();
  await assertMayMail(db, user.id, user.email, now);
  return mailLink({
    db,
    mailer,
    now,
    email: user.email,
    store: (data) => db.emailVerification.create({ data: { userId: user.id, ...data } }),
    mail: (token) => verificationMail(user, verificationLink(publicUrl, token)),
  });
}

/**
 * A link's secret stored (by `store`, hashed, with its expiry) and mailed to `email`; the stored
 * row goes again when the mail cannot be sent, so no link exists that nobody received.
 */
export async function mailLink({
  db,
  mailer,
  now,
  email,
  store,
  mail,
}: {
  db: Db;
  mailer: Mailer;
  now: number;
  email: string;
  store(data: { email: string; tokenHash: string; expiresAt: Date }): Promise<{ id: string }>;
  mail(token: string): MailMessage;
}): Promise<SentVerification> {
  const token = generateSecret("ev");
  const expiresAt = new Date(now + EMAIL_VERIFICATION_TTL_MS);
  const row = await store({ email, tokenHash: hashSecret(token), expiresAt });
  try {
    await mailer.send(mail(token));
  } catch (error) {
    await db.emailVerification.delete({ where: { id: row.id } });
    throw error;
  }
  return { email, expires_at: iso(expiresAt) };
}

/**
 * At most one link a minute to an address and MAX_PER_DAY a day per user, whatever address they
 * go to (verification or change): the address may be someone else's, who must not be flooded.
 */
export async function assertMayMail(db: Db, userId: string, email: string, now: number): Promise<void> {
  const recent = await db.emailVerification.findMany({
    where: { userId, createdAt: { gt: new Date(now - 24 * 60 * 60 * 1000) } },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true, email: true },
  });
  const last = recent.find((row) => row.email === email)?.createdAt.getTime();
  if (last !== undefined && now - last < RESEND_AFTER_MS) {
    const wait = Math.ceil((last + RESEND_AFTER_MS - now) / 1000);
    throw new RateLimitedError(
      wait,
      `A verification mail was sent less than a minute ago: try again in ${wait} s.`,
    );
  }
  if (recent.length >= MAX_PER_DAY) {
    const wait = Math.ceil(
      ((recent.at(-1) as { createdAt: Date }).createdAt.getTime() + 86_400_000 - now) / 1000,
    );
    throw new RateLimitedError(wait, `${MAX_PER_DAY} verification mails were sent today: try again later.`);
  }
}

/**
 * Verifies the caller's address with the secret of a link mailed to it (single use). A link of a
 * change (email-change.ts: its address is not the account's) also makes that address the
 * account's, and spends every other link of the account: none of the old address's links can
 * move it back.
 */
export async function confirmEmail({
  db,
  actor,
  token,
}: {
  db: Db;
  actor: Actor;
  token: string;
}): Promise<User> {
  const found = await db.emailVerification.findUnique({
    where: { tokenHash: hashSecret(token) },
    include: { user: { select: { email: true } } },
  });
  if (!found || found.userId !== actor.id || found.usedAt || found.expiresAt.getTime() <= Date.now())
    throw new NotFoundError(INVALID_LINK);
  const change = found.email !== found.user.email;
  return db.$transaction(async (tx) => {
    const now = new Date();
    const spent = await tx.emailVerification.updateMany({
      where: { id: found.id, usedAt: null },
      data: { usedAt: now },
    });
    if (spent.count === 0) throw new NotFoundError(INVALID_LINK);
    if (!change) {
      return toUserWire(await tx.user.update({ where: { id: actor.id }, data: { emailVerifiedAt: now } }));
    }
    if (await tx.user.findUnique({ where: { email: found.email }, select: { id: true } })) {
      throw new ConflictError(
        `${found.email} belongs to another account now: this link cannot change yours.`,
      );
    }
    await tx.emailVerification.updateMany({
      where: { userId: actor.id, usedAt: null },
      data: { usedAt: now },
    });
    const user = await tx.user
      .update({ where: { id: actor.id }, data: { email: found.email, emailVerifiedAt: now } })
      .catch((error: unknown) => {
        // Taken between the check and the update (the unique index): the same answer.
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
          throw new ConflictError(
            `${found.email} belongs to another account now: this link cannot change yours.`,
          );
        }
        throw error;
      });
    return toUserWire(user);
  });
}
