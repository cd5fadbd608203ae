// Which registry operations the MCP endpoint offers, grouped into toolsets. Everything here is
// derived from the registry; only the core list and the exclusions are written down.
import type { BoardOperation } from "./operations/spec.ts";
import { boardOperationList } from "./registry.ts";

/**
 * Operations left out of MCP. Byte-level ones: their bodies are multipart uploads or raw downloads,
 * which do not fit a JSON tool call (and a base64 upload of up to 10 MB would not pass the API's
 * 1 MB JSON body limit). create_token and change_email: only a web session mints tokens or moves
 * the account to another address, and every MCP call carries a bearer token, so the tools could
 * only ever answer forbidden. /llms.txt and OpenAPI still describe them all.
 */
export const MCP_EXCLUDED_OPERATIONS: Readonly<Record<string, string>> = {
  upload_card_attachment: "multipart/form-data upload: use POST /api/v1/cards/{card_id}/attachments",
  upload_comment_attachment: "multipart/form-data upload: use POST /api/v1/comments/{comment_id}/attachments",
  download_attachment: "raw bytes: use GET /api/v1/attachments/{attachment_id}",
  create_token: "needs a web session (the web app, or `cli token create`): POST /api/v1/tokens",
  change_email:
    "needs a web session with a passkey used lately (the web app's Account page): POST /api/v1/me/email-change",
};

/**
 * The default toolset: an agent's whole cycle and nothing more, for hosts that fix the URL (so
 * the agent cannot add a group). Join a project by invitation; find work (the board, cards, the
 * ready queue, the columns) and what waits for what; create, split and block cards; claim (a lease
 * renewed by claiming again); plan and tick the checklist; read the gate and ack its criteria;
 * comment and record findings; move (into a done column: finished, the claim released) or hand
 * off (to give a card up too); say what you are looking at; notice handoffs and assignments
 * (notifications) and everything else (wait_for_events); and see stale work (the rot report).
 * Plus what those tools' descriptions send an agent to (list_members for assignee and handoff).
 * Tests keep every tool a core description names in core, and core within 30 tools and 30 KB of
 * tools/list (issue 26): the longer descriptions have a terse toolDescription for that.
 */
export const CORE_TOOLSET: readonly string[] = [
  "list_notifications",
  "mark_notification_read",
  "list_projects",
  "list_members",
  "list_my_invitations",
  "accept_invitation",
  "get_board",
  "find_cards",
  "list_columns",
  "get_card",
  "create_card",
  "update_card",
  "move_card",
  "list_comments",
  "create_comment",
  "list_checklist",
  "update_checklist_item",
  "claim_card",
  "claim_next_card",
  "add_blocker",
  "list_ready_cards",
  "publish_plan",
  "decompose_card",
  "handoff_card",
  "get_card_gate",
  "ack_gate_criterion",
  "get_rot_report",
  "set_attention",
  "create_finding",
  "wait_for_events",
];

/** The toolset offered when a client names none. */
export const DEFAULT_TOOLSET = "core";

/** Most JSON-RPC messages one POST /mcp may carry (a batch); each tool call in it is rate-limited. */
export const MCP_MAX_BATCH = 20;

/** Every operation offered as an MCP tool, in registry order. */
export function mcpOperations(): BoardOperation[] {
  return boardOperationList.filter((op) => !Object.hasOwn(MCP_EXCLUDED_OPERATIONS, op.name));
}

/** The registry's groups, in the order they first appear. */
export function operationGroups(): string[] {
  return [...new Set(boardOperationList.map((op) => op.group))];
}

/** Names accepted in `?toolsets=`: `core`, `all` and every group. */
export function toolsetNames(): string[] {
  return ["core", "all", ...operationGroups()];
}

export class UnknownToolsetError extends Error {
  constructor(readonly unknown: string[]) {
    super(
      `Unknown toolset ${unknown.map((name) => `"${name}"`).join(", ")}; use ${toolsetNames().join(", ")}.`,
    );
    this.name = "UnknownToolsetError";
  }
}

/**
 * The operations of `?toolsets=` (a comma list of toolset names; absent or empty: core), in registry
 * order; with `readOnly`, only those whose readOnlyHint is true. Throws UnknownToolsetError for a
 * name that is neither core, all nor a group.
 */
export function resolveToolsets(spec?: string, { readOnly = false } = {}): BoardOperation[] {
  const selected = selectToolsets(spec);
  return readOnly ? selected.filter((op) => op.hints.readOnly) : selected;
}

function selectToolsets(spec: string | undefined): BoardOperation[] {
  const named = (spec ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const names = named.length > 0 ? named : [DEFAULT_TOOLSET];
  const operations = mcpOperations();
  const known = new Set(toolsetNames());
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new UnknownToolsetError(unknown);
  if (names.includes("all")) return operations;
  const core = new Set(CORE_TOOLSET);
  const groups = new Set(names);
  return operations.filter(
    (op) => (groups.has("core") && core.has(op.name)) || groups.has(op.group as string),
  );
}
