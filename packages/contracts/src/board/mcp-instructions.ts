// The MCP server's `instructions`: what every tool would otherwise repeat, said once, and how to
// choose toolsets. Tool descriptions leave these sentences out (mcp-tools.ts toolDescription).
import { CORE_TOOLSET, DEFAULT_TOOLSET, mcpOperations, operationGroups } from "./toolsets.ts";

/** Header naming the toolsets (as `?toolsets=`). */
export const MCP_TOOLSETS_HEADER = "X-MCP-Toolsets";
/** Header asking for the read-only tools only (as `?read_only=true`). */
export const MCP_READONLY_HEADER = "X-MCP-Readonly";

let instructions: string | undefined;

export function mcpInstructions(): string {
  instructions ??= [
    "Board API tools: projects, boards, cards, and the agent loop (join by invitation, find ready work, " +
      "claim, plan, split, tick the checklist, ack gate criteria, comment, record findings, move to done " +
      "or hand off, notice notifications and follow the project's events).",
    `Toolsets: \`${DEFAULT_TOOLSET}\` unless the client names others in the MCP URL's \`?toolsets=a,b\` ` +
      `(the only other query parameter is \`read_only\`) or the \`${MCP_TOOLSETS_HEADER}: a,b\` header; ` +
      "`all`: every tool. `?read_only=true` or " +
      `\`${MCP_READONLY_HEADER}: true\` offers only the tools that change nothing. Each group's tools ` +
      "(a tool outside this session's toolsets answers -32602 naming its group):",
    `- core (the whole agent cycle): ${CORE_TOOLSET.join(", ")}`,
    ...operationGroups().flatMap((group) => {
      const tools = mcpOperations().filter((op) => op.group === group);
      return tools.length > 0 ? [`- ${group}: ${tools.map((op) => op.name).join(", ")}`] : [];
    }),
    "Ids are UUID strings, never card numbers; each id field is named after what it identifies " +
      "(project_id, column_id, card_id, …): list_projects, get_board, find_cards and get_card give " +
      "them; find_cards turns a card number into its card_id. Positions are 0-based (past the end: " +
      "last). An empty string or null clears an optional field; shepherds [] clears shepherds. " +
      "owner_type says who works a card: human (the default) or agent; claim_next_card offers only " +
      "agent cards.",
    "Lists take `limit` (1..200, default 50) and `cursor` (the previous page's next_cursor).",
    'Numbers and booleans may also be sent as strings, everywhere alike: "3" (plain base-10 digits; ' +
      '"1e2", "+7", " 5" are refused) and "true"/"false". find_cards takes a card number as 7 or "#7".',
    "Roles: reading needs any role in the project, writing needs member unless a tool names another " +
      "(admin, owner); non-members get not_found, a role that does not allow it gets forbidden.",
    "Write tools answer the object a read tool describes (create_card, move_card, claim_card…: the card " +
      'of get_card); a tool with nothing to answer gives {"ok": true}, one that found nothing ' +
      '{"result": null, "reason": "…"}.',
    "Safe retries: every write tool takes an optional `idempotency_key` (1..255 visible ASCII): the " +
      "same key again within 24 hours answers the first call's result (claim_next_card: the card it " +
      "handed out) without acting twice; the same key with other arguments is validation_failed. A " +
      "call that failed stored nothing: retrying it with the same key runs it.",
    'Errors are isError results whose text is {"error":{"code","message","details"?}}; details name ' +
      "the fields and say what to pass: a name or number where an id goes names the tool that lists " +
      "such ids, a misspelt field the closest one, a conflict the existing id. Prefer archive_card over " +
      "delete_card. Full rules: /llms.txt.",
  ].join("\n");
  return instructions;
}
