// The not_found messages for the objects a path id names. Each says which operation gives such
// ids (its MCP tool name and its HTTP route, from the registry), so an agent holding a card number
// or a stale id knows where to look instead of guessing.
import { boardOperations, type BoardOperationName } from "@org/contracts";

/** Each path id: what it names, and the operations that list such ids. */
const FINDERS: Record<string, { what: string; from: BoardOperationName[] }> = {
  project_id: { what: "Project", from: ["list_projects"] },
  column_id: { what: "Column", from: ["list_columns"] },
  card_id: { what: "Card", from: ["find_cards", "list_my_cards"] },
  comment_id: { what: "Comment", from: ["list_comments"] },
  item_id: { what: "Checklist item", from: ["list_checklist"] },
  label_id: { what: "Label", from: ["list_labels"] },
  priority_id: { what: "Priority", from: ["list_priorities"] },
  criterion_id: { what: "Gate criterion", from: ["get_card_gate", "list_gate_criteria"] },
  attachment_id: { what: "Attachment", from: ["list_card_attachments"] },
  invitation_id: { what: "Invitation", from: ["list_my_invitations", "list_invitations"] },
  notification_id: { what: "Notification", from: ["list_notifications"] },
  user_id: { what: "Member", from: ["list_members"] },
  token_id: { what: "Token", from: ["list_tokens"] },
  webhook_id: { what: "Webhook", from: ["list_webhooks"] },
  delivery_id: { what: "Delivery", from: ["list_webhook_deliveries"] },
};

/** Path ids of one operation that come from elsewhere than their kind's finders. */
const OPERATION_FINDERS: Partial<
  Record<BoardOperationName, Record<string, { what: string; from: BoardOperationName[] }>>
> = {
  // A card in the trash is in no search: only list_trash has its id.
  restore_card: { card_id: { what: "Card in the trash", from: ["list_trash"] } },
};

const route = (name: BoardOperationName) =>
  `${boardOperations[name].method.toUpperCase()} ${boardOperations[name].path}`;

/**
 * "Card not found. Use find_cards or list_my_cards to get a card_id (HTTP: GET
 * /projects/{project_id}/cards, GET /me/cards)." `malformed`: the id given is no id at all (a
 * card number, a name), which the message says; `operation`: that operation's own finder of the id,
 * if it has one. An id name without a finder: "Not found."
 */
export function notFoundMessage(idName: string, malformed = false, operation?: BoardOperationName): string {
  const finder = (operation && OPERATION_FINDERS[operation]?.[idName]) ?? FINDERS[idName];
  if (!finder) return "Not found.";
  const why = malformed ? `not found: ${idName} takes an id (a UUID), not a number or a name.` : "not found.";
  return (
    `${finder.what} ${why} Use ${finder.from.join(" or ")} to get a ${idName} ` +
    `(HTTP: ${finder.from.map(route).join(", ")}).`
  );
}

/** Id fields named after something other than what they identify. */
const ID_ALIASES: Record<string, string> = {
  assignee_id: "user_id",
  claimed_by: "user_id",
  shepherds: "user_id",
  blocker_id: "card_id",
  parent_id: "card_id",
};

/**
 * The path id an id field holds the same kind of id as: `to_column_id` → `column_id`,
 * `label_ids` → `label_id`, `assignee_id` → `user_id`; undefined for no id field known here.
 */
export function idKindOf(field: string): string | undefined {
  if (FINDERS[field]) return field;
  if (ID_ALIASES[field]) return ID_ALIASES[field];
  const single = field.endsWith("_ids") ? field.slice(0, -1) : field;
  if (FINDERS[single]) return single;
  return Object.keys(FINDERS).find((name) => single.endsWith(`_${name}`));
}

/** "column", "user", "checklist item": what an id of this kind names, in a sentence. */
function nounOf(idName: string): string {
  return idName === "user_id" ? "user" : (FINDERS[idName]?.what.toLowerCase() ?? idName.replace(/_id$/, ""));
}

/** A value as a message quotes it: JSON, at most 60 characters. */
function quote(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** A card number as an agent may write it: 7, "7", "#7". */
const CARD_NUMBER = /^#?([0-9]{1,10})$/;

/**
 * The message for an id field given something that is no id (a name, a handle, a number):
 * `Expected a column id (UUID), got "In progress": list_columns gives them (HTTP: GET
 * /projects/{project_id}/columns).` — the same pointer a path id's not_found gives. A card number
 * for a card id adds how to turn it into the id.
 */
export function wrongIdMessage(idName: string, value: unknown, list = false): string {
  const finder = FINDERS[idName];
  const noun = nounOf(idName);
  const expected = list ? `a list of ${noun} ids (UUIDs)` : `a ${noun} id (UUID)`;
  const source = finder
    ? `: ${finder.from.join(" or ")} ${finder.from.length > 1 ? "give" : "gives"} them (HTTP: ${finder.from.map(route).join(", ")})`
    : "";
  const number = idName === "card_id" ? CARD_NUMBER.exec(String(value)) : null;
  const hint =
    number && (typeof value === "number" || typeof value === "string")
      ? ` A card number is not an id: find_cards with number=${number[1]} gives its card_id.`
      : "";
  return `Expected ${expected}, got ${quote(value)}${source}.${hint}`;
}

/** What to pass in a required id field: "a column id (UUID), which list_columns gives". */
export function idToPass(idName: string): string {
  const finder = FINDERS[idName];
  const source = finder
    ? `, which ${finder.from.join(" or ")} ${finder.from.length > 1 ? "give" : "gives"}`
    : "";
  return `a ${nounOf(idName)} id (UUID)${source}`;
}
