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
