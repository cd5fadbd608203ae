// A card's activity in plain words: "set the due date to 3 Dec", "assigned Bob", "moved it from
// To do to Done". The entries carry ids (GET /cards/{card_id}/activity); `names` turns them into what
// the person knows. Pure, so it is tested without a browser (test/web/activity-text.test.ts).
import type { CardActivity } from "@org/contracts";

export interface ActivityNames {
  /** A member's name, by user id (undefined: no longer a member). */
  member(userId: string): string | undefined;
  column(columnId: string): string | undefined;
  priority(priorityId: string): string | undefined;
  /** The signed-in user's id: they read "you". */
  me?: string | undefined;
  /** For dates ("3 Dec" in en-GB, "Dec 3" in en-US); default: the browser's. */
  locale?: string | undefined;
}

interface Change {
  from?: unknown;
  to?: unknown;
}

const quoted = (text: unknown) => `“${String(text ?? "")}”`;

function day(iso: string, locale: string | undefined): string {
  const date = new Date(iso);
  const thisYear = date.getUTCFullYear() === new Date().getUTCFullYear();
  return new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    ...(thisYear ? {} : { year: "numeric" }),
    // Due dates are stored as the end of a day in UTC: read that day.
    timeZone: "UTC",
  }).format(date);
}

/** One changed field as a clause: "set the due date to 3 Dec". */
function fieldClause(field: string, change: Change, names: ActivityNames): string {
  const to = change.to;
  const person = (id: unknown) => (id === names.me ? "you" : (names.member(String(id)) ?? "a former member"));
  switch (field) {
    case "title":
      return `renamed the card to ${quoted(to)}`;
    case "body":
      return "changed the description";
    case "due_at":
      return to ? `set the due date to ${day(String(to), names.locale)}` : "removed the due date";
    case "assignee_id":
      if (to) return to === names.me ? "assigned it to you" : `assigned ${person(to)}`;
      return change.from ? `unassigned ${person(change.from)}` : "unassigned the card";
    case "priority_id":
      return to
        ? `set the priority to ${names.priority(String(to)) ?? "one since deleted"}`
        : "removed the priority";
    case "owner_type":
      return to === "agent" ? "handed the card to agents" : "made the card a person's";
    case "work_phase":
      return to ? `set the work phase to ${quoted(to)}` : "cleared the work phase";
    case "shepherds":
      return "changed the shepherds";
    default:
      return `changed the ${field.replace(/_id$/, "").replaceAll("_", " ")}`;
  }
}

/** "a, b and c". */
export function joinClauses(clauses: string[]): string {
  if (clauses.length <= 1) return clauses[0] ?? "";
  return `${clauses.slice(0, -1).join(", ")} and ${clauses.at(-1)}`;
}

/** What the entry's actor did, as a sentence without its subject: "set the due date to 3 Dec". */
export function describeActivity(entry: CardActivity, names: ActivityNames): string {
  const data = entry.data as Record<string, unknown>;
  const column = (id: unknown) => names.column(String(id)) ?? "a column since deleted";
  switch (entry.kind) {
    case "created":
      return "created the card";
    case "edited": {
      const fields = Object.entries((data.fields as Record<string, Change> | undefined) ?? {});
      return (
        joinClauses(fields.map(([field, change]) => fieldClause(field, change ?? {}, names))) || "edited it"
      );
    }
    case "moved":
      return data.from_column_id === data.to_column_id
        ? `moved it within ${column(data.to_column_id)}`
        : `moved it from ${column(data.from_column_id)} to ${column(data.to_column_id)}`;
    case "archived":
      return "archived the card";
    case "unarchived":
      return "brought the card back from the archive";
    case "deleted":
      return "moved the card to the trash";
    case "restored":
      return "restored the card from the trash";
    case "commented":
      return "commented";
    case "claimed":
      return "claimed the card";
    case "unclaimed":
      return "released the claim";
    case "handed_off":
      return data.to_user_id
        ? `handed the card off to ${data.to_user_id === names.me ? "you" : (names.member(String(data.to_user_id)) ?? "a former member")}`
        : "handed the card off";
    case "plan_published":
      return `published plan v${String(data.version)}`;
    case "decomposed": {
      const count = Array.isArray(data.children) ? data.children.length : 0;
      return `split the card into ${count} card${count === 1 ? "" : "s"}`;
    }
    case "label_added":
      return `added the label ${quoted(data.name)}`;
    case "label_removed":
      return data.name ? `removed the label ${quoted(data.name)}` : "removed a label";
    case "checklist_item_added":
      return `added ${quoted(data.text)} to the checklist`;
    case "checklist_item_checked":
      return `checked ${quoted(data.text)}`;
    case "checklist_item_unchecked":
      return `unchecked ${quoted(data.text)}`;
    case "attachment_added":
      return `attached ${String(data.filename)}`;
    case "finding_recorded":
      return `recorded a ${String(data.kind)}: ${quoted(data.title)}`;
    case "gate_acked":
      return "acknowledged an entry criterion";
    default:
      return String(entry.kind).replaceAll("_", " ");
  }
}

/** The whole line: "Ada set the due date to 3 Dec" ("You …" for the signed-in user). */
export function activitySentence(entry: CardActivity, names: ActivityNames): string {
  const actor = entry.actor_id === names.me ? "You" : (names.member(entry.actor_id) ?? "A former member");
  return `${actor} ${describeActivity(entry, names)}`;
}
