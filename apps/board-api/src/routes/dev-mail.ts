// Development only (no SMTP_URL, NODE_ENV development): `GET /app/dev/mail` shows the mail the
// board "sent" — verification links and the like — newest first, so every flow that needs a
// mailbox works on a laptop without a mail server. It answers only requests from this machine
// (loopback), and shows only the mail sent to the signed-in user's own address (issue 28: a
// same-host proxy makes every request loopback, and whoever reads another's mail could verify
// their address); with real mail it does not exist.
import type { Db } from "@org/db";
import { html, pageDocument, sendPage, type Mailer, type SafeHtml } from "@org/service-kit";
import { Router, type Request } from "express";
import type { WebSessionConfig } from "../http/auth.ts";
import { resolveWebSession } from "../services/web-sessions.ts";

const isLoopback = (req: Request) => {
  const address = req.socket.remoteAddress ?? "";
  return address === "::1" || /^(::ffff:)?127\./.test(address);
};

/** The text with its http(s) URLs as links (everything escaped). */
function withLinks(text: string): SafeHtml[] {
  return text
    .split(/(https?:\/\/\S+)/)
    .map((part, index) => (index % 2 === 1 ? html`<a href="${part}">${part}</a>` : html`${part}`));
}

export function devMailRouter({
  mailer,
  db,
  web,
}: {
  mailer: Mailer | undefined;
  db: Db;
  web: WebSessionConfig;
}): Router {
  const router = Router();
  if (!mailer?.outbox()) return router;
  router.get("/app/dev/mail", async (req, res, next) => {
    if (!isLoopback(req)) return next();
    const secret = web.cookie.read(req.headers.cookie);
    const session = secret && (await resolveWebSession({ db, token: secret, lifetime: web.lifetime }));
    if (!session) {
      const body = html`<main>
        <h1>Development outbox</h1>
        <p>Sign in first (<a href="/app/signin">/app/signin</a>): this page shows the mail sent to you.</p>
      </main>`;
      return sendPage(res, pageDocument({ title: "Development outbox", body, colorScheme: "light dark" }), {
        status: 401,
      });
    }
    const email = session.actor.email.toLowerCase();
    const mails = (mailer.outbox() ?? []).filter((mail) => mail.to.toLowerCase() === email);
    const body = html`<main>
      <h1>Development outbox</h1>
      <p>
        The mail this board sent to ${session.actor.email} since it started (newest first, of the last 50).
        Set
        <code>SMTP_URL</code> to send real mail instead.
      </p>
      ${mails.length === 0 ? html`<p>No mail yet.</p>` : ""}
      ${mails.map(
        (mail) =>
          html`<article>
            <h2>${mail.subject}</h2>
            <p>To ${mail.to}, from ${mail.from}, ${mail.sentAt.toISOString()}</p>
            <pre>${withLinks(mail.text)}</pre>
          </article>`,
      )}
    </main>`;
    sendPage(res, pageDocument({ title: "Development outbox", body, colorScheme: "light dark" }));
  });
  return router;
}
