// Outgoing mail. With an SMTP URL, nodemailer sends it; in development without one, it goes to an
// outbox in memory that the service shows on a page of its own (only on its localhost address), so
// a developer can follow every link a real user would get. Otherwise there is no mailer, and a
// service must then grant nothing on the strength of an email address.
import nodemailer from "nodemailer";
import { ServiceUnavailableError } from "./errors.ts";

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text; links as bare URLs. */
  text: string;
}

export interface SentMail extends MailMessage {
  from: string;
  sentAt: Date;
}

export interface Mailer {
  /** Where mail goes, for start-up logs: `smtp://host:port` (never the credentials), or the outbox. */
  readonly description: string;
  /** Sends `message`; a mail server that refuses or cannot be reached is `503 unavailable`. */
  send(message: MailMessage): Promise<void>;
  /** The development outbox's mails, newest first; undefined when mail really leaves. */
  outbox(): readonly SentMail[] | undefined;
  close(): void;
}

/** The longest name a mail template quotes (longer ones are cut, with "…"). */
export const MAIL_NAME_MAX = 40;

/**
 * A name someone chose (a display name), made fit to quote in a mail sent to an address that may
 * not be theirs: one line (control, format and separator characters become a space), at most
 * `max` characters, and nothing that reads as a link, an address or markup. A name that looks like
 * one (`://`, `www.`, `a.b`, `@`, `<`, `/`, …) is not quoted at all: undefined, and the template
 * greets without a name. Otherwise the board's own sender would carry an attacker's text
 * ("Your account is locked: open evil.example") to any unverified address.
 */
export function mailSafeName(name: string, max = MAIL_NAME_MAX): string | undefined {
  const oneLine = name
    .normalize("NFKC")
    .replace(/[\p{C}\p{Z}\s]+/gu, " ")
    .trim();
  if (!oneLine) return undefined;
  if (/[:/\\@<>[\]()"`|]|www[.。｡]|[\p{L}\p{N}][.。｡][\p{L}\p{N}]/iu.test(oneLine)) return undefined;
  const chars = [...oneLine];
  return chars.length <= max
    ? oneLine
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/** How long an SMTP exchange may take before sending fails (a request waits for it). */
const SMTP_TIMEOUT_MS = 15_000;

/** Mail through the SMTP server of `url` (`smtp://user:pass@host:587`, `smtps://…:465`). */
export function smtpMailer({ url, from }: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  const server = new URL(url);
  return {
    description: `${server.protocol}//${server.host}`,
    async send(message) {
      try {
        await transport.sendMail({ from, ...message });
      } catch {
        throw new ServiceUnavailableError("The mail server did not take the message: try again later.");
      }
    },
    outbox: () => undefined,
    close: () => transport.close(),
  };
}

/** Development: mail kept in memory (the last `keep`), newest first, for a page of the service. */
export function outboxMailer({ from, keep = 50 }: { from: string; keep?: number }): Mailer {
  const sent: SentMail[] = [];
  return {
    description: "the development outbox",
    send(message) {
      sent.unshift({ from, ...message, sentAt: new Date() });
      sent.length = Math.min(sent.length, keep);
      return Promise.resolve();
    },
    outbox: () => sent,
    close() {},
  };
}
