// Notifications by mail, for those who opted in (Account: "Email me my notifications";
// users.email_notifications) and verified their address. The sweeper (server.ts, once a minute on
// every instance) takes the notifications it has not looked at yet, marks them looked at in the
// same statement (FOR UPDATE SKIP LOCKED: two instances never take the same one), and mails those
// whose recipient wants them. At most once: a mail server that refuses one is logged, not retried.
// Only notifications of the last day are mailed (turning mail on does not send a backlog).
import type { Notification } from "@org/contracts";
import { Prisma, SQL_NOW, type Db } from "@org/db";
import { mailSafeName, type Mailer, type MailMessage } from "@org/service-kit";

/** Most notifications one sweep looks at (the rest wait for the next minute). */
const BATCH = 200;

const VERBS: Record<Notification["kind"], string> = {
  assigned: "assigned you",
  handoff: "handed you",
  mention: "mentioned you on",
  watched: "changed",
  due_soon: "is due soon:",
  webhook_disabled: "disabled a webhook of",
};

interface Pending {
  id: string;
  kind: Notification["kind"];
  email: string;
  actor_name: string | null;
  project_id: string;
  project_name: string;
  card_id: string;
  card_number: number;
  card_title: string;
  excerpt: string;
}

/** The mail for one card notification. */
export function notificationMail(row: Pending, publicUrl: string): MailMessage {
  const card = `#${row.card_number} ${row.card_title}`;
  const who = row.actor_name ? (mailSafeName(row.actor_name) ?? "Someone") : "A card of yours";
  const line =
    row.kind === "due_soon"
      ? `${card} is due soon (${row.excerpt}).`
      : `${who} ${VERBS[row.kind]} ${card} in ${row.project_name}.`;
  const url = `${publicUrl}/app/projects/${row.project_id}/cards/${row.card_id}`;
  return {
    to: row.email,
    subject: row.kind === "due_soon" ? `Due soon: ${card}` : `${who} ${VERBS[row.kind]} ${card}`,
    text:
      `${line}\n\n${row.kind === "due_soon" ? "" : `${row.excerpt}\n\n`}Open the card: ${url}\n\n` +
      `You get these mails because you turned on "Email me my notifications" on your Account page ` +
      `(${publicUrl}/app/account), where you can turn them off.\n`,
  };
}

/** Mails the pending card notifications of those who opted in; returns how many mails it sent. */
export async function mailNotifications({
  db,
  mailer,
  publicUrl,
  onError,
}: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  onError?: (error: unknown) => void;
}): Promise<number> {
  const rows = await db.$queryRaw<Pending[]>`
    WITH taken AS (
      UPDATE notifications AS n SET mail_checked_at = ${SQL_NOW}
      WHERE n.id IN (SELECT id FROM notifications WHERE mail_checked_at IS NULL
        ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING n.id, n.kind, n.user_id, n.actor_id, n.project_id, n.card_id, n.excerpt, n.created_at
    )
    SELECT t.id::text, t.kind::text, u.email, a.name AS actor_name, t.project_id::text,
      p.name AS project_name, t.card_id::text, c.number AS card_number, c.title AS card_title, t.excerpt
    FROM taken t
    JOIN users u ON u.id = t.user_id
    JOIN projects p ON p.id = t.project_id
    JOIN cards c ON c.id = t.card_id
    LEFT JOIN users a ON a.id = t.actor_id
    WHERE u.email_notifications AND u.email_verified_at IS NOT NULL
      AND t.created_at > ${SQL_NOW} - ${Prisma.raw("interval '1 day'")}
      AND EXISTS (SELECT 1 FROM project_members m WHERE m.project_id = t.project_id AND m.user_id = t.user_id)
    ORDER BY t.id`;
  let sent = 0;
  for (const row of rows) {
    try {
      await mailer.send(notificationMail(row, publicUrl));
      sent += 1;
    } catch (error) {
      onError?.(error);
    }
  }
  return sent;
}
