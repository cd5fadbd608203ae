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

const route = (name: BoardOperationName) =>
  `${boardOperations[name].method.toUpperCase()} ${boardOperations[name].path}`;

/**
 * "Card not found. Use find_cards or list_my_cards to get a card_id (HTTP: GET
 * /projects/{project_id}/cards, GET /me/cards)." `malformed`: the id given is no id at all (a
 * card number, a name), which the message says. An id name without a finder: "Not found."
 */
export function notFoundMessage(idName: string, malformed = false): string {
  const finder = FINDERS[idName];
  if (!finder) return "Not found.";
  const why = malformed ? `not found: ${idName} takes an id (a UUID), not a number or a name.` : "not found.";
  return (
    `${finder.what} ${why} Use ${finder.from.join(" or ")} to get a ${idName} ` +
    `(HTTP: ${finder.from.map(route).join(", ")}).`
  );
}
