// Due-date reminders: the sweeper (server.ts, once a minute on every instance) tells each assignee,
// a day before, that their card is due (a due_soon notification, live and by mail when they opted
// in). Once per card and due date: the statement that writes the notification also records the
// due date it reminded of (cards.due_reminded_at), and a second instance running it at the same
// moment waits for the row lock, then finds the card reminded already (PostgreSQL re-checks the
// WHERE on the row's newest version). Moving the due date makes the card due for a reminder again.
import { Prisma, SQL_NOW, SQL_UUID_V7, type Db } from "@org/db";
import type { BoardEvents } from "./context.ts";
import { publishToUser } from "./user-events.ts";

/** How long before the due date the reminder goes. */
export const DUE_REMINDER_LEAD = Prisma.raw("interval '1 day'");

interface Reminded {
  id: string;
  user_id: string;
  project_id: string;
  card_id: string;
}

/**
 * Writes a due_soon notification for each open card (not archived, not in a done column) that is
 * due within a day and whose assignee, still a member, has not been reminded of this due date;
 * tells their live clients. Returns how many were written.
 */
export async function sendDueReminders({ db, events }: { db: Db; events?: BoardEvents | undefined }) {
  const reminded = await db.$queryRaw<Reminded[]>`
    WITH due AS (
      UPDATE cards AS c SET due_reminded_at = c.due_at
      WHERE c.assignee_id IS NOT NULL AND c.archived_at IS NULL AND c.deleted_at IS NULL
        AND c.due_reminded_at IS DISTINCT FROM c.due_at
        AND c.due_at > ${SQL_NOW} AND c.due_at <= ${SQL_NOW} + ${DUE_REMINDER_LEAD}
        AND NOT c.column_done
        AND EXISTS (SELECT 1 FROM project_members m
          WHERE m.project_id = c.project_id AND m.user_id = c.assignee_id)
      RETURNING c.id, c.project_id, c.assignee_id, c.title, c.due_at
    )
    INSERT INTO notifications
      (id, user_id, actor_id, kind, project_id, card_id, excerpt, project_name, card_title, created_at)
    SELECT ${SQL_UUID_V7}, due.assignee_id, NULL, 'due_soon', due.project_id, due.id,
      'Due ' || to_char(due.due_at, 'YYYY-MM-DD HH24:MI') || ' UTC', p.name, due.title, ${SQL_NOW}
    FROM due JOIN projects p ON p.id = due.project_id
    RETURNING id::text, user_id::text, project_id::text, card_id::text`;
  for (const row of reminded) {
    publishToUser(
      { events, actor: null },
      row.project_id,
      "notification.created",
      { notification_id: row.id, card_id: row.card_id },
      row.user_id,
    );
  }
  return reminded.length;
}
