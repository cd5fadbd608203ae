// /llms.txt: the whole board API on one plain-Markdown page (llmstxt.org conventions: H1, summary
// blockquote, sections), generated from the operation registry and its zod schemas.
import { getRefId } from "@asteasolutions/zod-to-openapi";
import { boardErrorStatus } from "../errors.ts";
import type { z } from "../zod.ts";
import { toJsonSchema, type JsonSchema } from "./json-schema.ts";
import { bodyIsNested } from "./mcp-tools.ts";
import { BOARD_API_PREFIX } from "./openapi.ts";
import type { BoardOperation } from "./operations/spec.ts";
import { boardOperationList } from "./registry.ts";
import { ATTACHMENT_MAX_BYTES } from "./schemas/attachments.ts";
import { DUE_AT_RULE } from "./schemas/common.ts";
import { MCP_READONLY_HEADER, MCP_TOOLSETS_HEADER } from "./mcp-instructions.ts";
import { CORE_TOOLSET, MCP_EXCLUDED_OPERATIONS, MCP_MAX_BATCH, operationGroups } from "./toolsets.ts";

/** The rules every caller needs, in the words of the contract. */
export const LLMS_RULES: readonly string[] = [
  "**Auth**: every `/api/v1` and `/mcp` request sends `Authorization: Bearer <API token>`. A user creates, lists and revokes their tokens in the web app (`/app`, page Account) or with `create_token` / `list_tokens` / `delete_token` (and `cli token create` / `cli token revoke`); tokens do not expire, a revoked one stops working at once. Missing or invalid: `401 unauthenticated`. (The web app itself authenticates `/api/v1` with its session cookie and an `X-CSRF-Token` header on every change.)",
  "**Roles**: owner (everything), admin (project settings, columns, labels, priorities, gate criteria, members other than owners), member (cards, comments, checklists, card labels, attachments, the agent workflow), viewer (read only). An object in a project you are not a member of is `not_found`; a member whose role does not allow the operation gets `forbidden`.",
  "**Ids are opaque strings** (UUIDv7), never numbers. A card's `number` (#7) is a per-project handle, not an id: `/cards/7` is `not_found`; `find_cards` with `number=7` gives its id. A `not_found` for a path id names the operation that gives such ids (`find_cards` / `list_my_cards` for cards, `list_projects`, `list_columns`, …).",
  "**JSON everywhere**: single objects come back bare; create is 201 with the object, delete is 204 with an empty body, everything else 200.",
  '**Pagination**: lists return `{"data":[...],"next_cursor":null|"..."}`. Pass `limit` (1..200, default 50, plain digits) and `cursor` (the previous page\'s `next_cursor`); `null` means the last page. Order is stable. The board (`get_board`) is not paginated.',
  '**Clearing fields**: on update, an empty string `""` (or `null`) clears `assignee_id`, `due_at`, `priority_id`, `work_phase` and a project\'s `repo_url` (stored as `null`). `shepherds: []` clears shepherds; `shepherds: ""` and `title: ""` are `validation_failed`. Omitted fields are left alone. Unknown fields are `validation_failed`.',
  "**Positions are 0-based** and dense (0..n-1) for columns, cards within a column (non-archived only), checklist items and priorities (0 = most urgent). A position past the end means last; a negative one is `validation_failed`.",
  `**Due dates**: \`due_at\` is an ${DUE_AT_RULE} A card is overdue (rot report) once that instant has passed.`,
  "**Archive over delete**: archiving a card keeps its number, hides it from the board (`include_archived=true` shows it) and keeps it readable by id; unarchive puts it last in its column. Deleting destroys the card with its comments, checklist and files. Card numbers are never reused.",
  `**Attachments**: upload is \`multipart/form-data\` with exactly one field named \`file\` (none, another field or two files: \`validation_failed\`), at most ${ATTACHMENT_MAX_BYTES} bytes (10 MB; over: \`payload_too_large\`, nothing stored). Download returns the exact bytes as \`Content-Disposition: attachment\`. Upload and download are HTTP only, not MCP tools.`,
  '**Claims and leases**: claiming a card (`lease_seconds` 60..86400, default 7200) sets `claimed_by`, `claimed_at` and `claim_expires_at`. Claiming again as the holder renews the lease (heartbeat); a card claimed by someone else with a live lease is `conflict` (the message names the holder and when the lease ends), and so is a card whose entry gate is not satisfied. An expired lease counts as unclaimed everywhere. Unclaim: the claimer or an admin/owner. Claim-next takes the next eligible card (owner_type `agent`, not archived, not in a done column, unassigned or assigned to the caller, unclaimed, entry gate satisfied; most urgent priority first, then column and card position) or, when none is, answers 204 over HTTP and `{"result": null, "reason": "…"}` over MCP; concurrent callers never get the same card. Handoff releases the claim.',
  '**Text and query numbers**: text anywhere — bodies, path parameters, query strings, upload file names — must be storable: a NUL character or an unpaired UTF-16 surrogate is `validation_failed` (with the field in `details`). Query numbers (`limit`, `stale_hours`) are plain base-10 digits: `1e2`, `0x10`, `+7`, `" 5"` are `validation_failed`. A database error the request caused is never a 5xx.',
  '**Numbers and booleans as strings**: one rule everywhere (query, JSON body, MCP arguments): a number field takes a JSON number or its plain base-10 digits as a string (`"3"`; `"1e2"`, `"0x10"`, `"+7"`, `" 5"`, `"5.0"` are `validation_failed`), a boolean field `true`/`false` or the strings `"true"`/`"false"`. `find_cards` takes a card `number` as `7` or `"#7"`.',
  "**No side effects on text**: API-created cards and comments run no @mention parsing and create no notifications or activity entries; those come only from the web app (`list_notifications`, `list_card_activity` show what it wrote). The one exception: a handoff to a user (`to_user_id`) notifies that user, through any client.",
  '**Errors**: every error body is `{"error":{"code":"...","message":"..."}}`; `validation_failed` adds `"details":[{"path":"field.sub","message":"..."}]`, each saying what to pass: a name, handle or number where an id goes (path or body, list items too) is answered with where such ids come from (`Expected a column id (UUID), got "In progress": list_columns gives them …`; a card number adds `find_cards with number=3 gives its card_id`), a missing field with its description and type, an unknown field with the closest field the operation takes (`did you mean "position"?`). A `409 conflict` over a name (columns, labels) names the existing id in the message and the field in `details`. Malformed JSON is `validation_failed`. An unknown route is `not_found` in the same envelope; a known path called with a method it does not take is `405 method_not_allowed` with an `Allow` header naming the methods it takes. Every response carries `X-Request-Id`.',
  "**Safe retries**: every POST, PATCH and DELETE takes the header `Idempotency-Key` (1..255 visible ASCII characters; MCP write tools: the argument `idempotency_key`). The same key from the same user within 24 hours answers the first request's status and body, with the header `Idempotent-Replayed: true`, without acting again — on every instance, and a concurrent duplicate waits for the first answer; `claim_next_card` answers the card it handed out the first time. The same key with another method, path or body is `422 validation_failed` (`idempotency_key reused`). A request that failed stored nothing (nor a claim-next that found nothing): retrying it with the same key runs it. Column and label names are unique in a project: a second one is `409 conflict` naming the existing id.",
  "**Rate limit**: per token (default 600 requests a minute), with `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` headers; over it: `429 rate_limited` with `Retry-After` seconds. Every MCP tool call counts against the same limit, one by one inside a JSON-RPC batch too.",
];

const GROUP_TITLES: Record<string, string> = {
  me: "Me",
  tokens: "API tokens",
  notifications: "Notifications",
  projects: "Projects",
  members: "Members",
  columns: "Columns and the board",
  cards: "Cards",
  comments: "Comments",
  checklist: "Checklist",
  labels: "Labels",
  priorities: "Priorities",
  attachments: "Attachments",
  claims: "Claims",
  plans: "Plans, decomposition and handoff",
  gates: "Gates",
  rot: "Rot",
  attention: "Attention",
  findings: "Findings",
  activity: "Card activity",
  events: "Event feed",
};

const titleOf = (group: string) => GROUP_TITLES[group] ?? group[0]!.toUpperCase() + group.slice(1);

/** A compact TypeScript-like type for a JSON Schema node. */
export function describeType(schema: JsonSchema, depth = 0): string {
  if (typeof schema["x-ref"] === "string") return schema["x-ref"];
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    const arms = (schema.anyOf ?? schema.oneOf) as JsonSchema[];
    return [...new Set(arms.map((arm) => describeType(arm, depth)))].join(" | ");
  }
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  const type = schema.type;
  if (Array.isArray(type)) return type.join(" | ");
  if (type === "array") {
    const items = schema.items as JsonSchema | undefined;
    const inner = items ? describeType(items, depth) : "unknown";
    return inner.includes(" | ") && !inner.startsWith("{") ? `(${inner})[]` : `${inner}[]`;
  }
  if (type === "object") {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const keys = Object.keys(properties);
    if (keys.length === 0) return "object";
    if (depth >= 2) return "object";
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const fields = keys.map(
      (key) => `${key}${required.has(key) ? "" : "?"}: ${describeType(properties[key]!, depth + 1)}`,
    );
    return `{${fields.join(", ")}}`;
  }
  if (type === "string" && typeof schema.format === "string") return `string (${schema.format})`;
  if (typeof type === "string") return type;
  return "any";
}

function constraints(schema: JsonSchema): string {
  const notes: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) notes.push(`${min}..${max}${unit}`);
    else if (min !== undefined) notes.push(`>= ${min}${unit}`);
    else if (max !== undefined) notes.push(`<= ${max}${unit}`);
  };
  range(schema.minimum, schema.maximum, "");
  range(schema.minLength, schema.maxLength, " chars");
  range(schema.minItems, schema.maxItems, " items");
  if ("default" in schema) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes.join(", ");
}

/** One bullet per field of an object schema: name, type, required or not, constraints, description. */
function fieldLines(schema: JsonSchema): string[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([key, field]) => {
    const notes = [required.has(key) ? "required" : "optional", constraints(field)]
      .filter(Boolean)
      .join(", ");
    const description = typeof field.description === "string" ? ` ${field.description}` : "";
    return `  - \`${key}\`: \`${describeType(field)}\` (${notes}).${description}`;
  });
}

/** `Card`, `{data: Card[], next_cursor: string | null}`: named schemas by name (collected in `refs`). */
function responseName(schema: z.ZodType, refs: Map<string, z.ZodType>): string {
  const ref = getRefId(schema);
  if (ref) {
    refs.set(ref, schema);
    return ref;
  }
  return describeType(toJsonSchema(schema, "output", { refs }));
}

function responseLine(op: BoardOperation, named: Map<string, z.ZodType>): string {
  if (op.binaryResponse) return `\`${op.status}\`: the file's bytes.`;
  if (!op.response) return `\`${op.status}\`: empty body.`;
  const empty = op.emptyStatus
    ? ` When it answers empty: \`${op.emptyStatus}\` with an empty body (the MCP tool: \`{"result": null, "reason": "…"}\`).`
    : "";
  return `\`${op.status}\`: \`${responseName(op.response, named)}\`.${empty}`;
}

/** How the tool's input differs from the HTTP request: a nested body. */
function toolInputNote(op: BoardOperation): string {
  return bodyIsNested(op) ? " (the JSON body in the input field `body`)" : "";
}

function operationSection(op: BoardOperation, named: Map<string, z.ZodType>): string {
  const lines = [
    `### ${op.name}`,
    "",
    `\`${op.method.toUpperCase()} ${BOARD_API_PREFIX}${op.path}\`: ${op.summary}.`,
    "",
    op.description,
    "",
  ];
  if (op.params) {
    lines.push("- Path:", ...fieldLines(toJsonSchema(op.params, "input", { refs: named })));
  }
  if (op.query) {
    lines.push("- Query:", ...fieldLines(toJsonSchema(op.query, "input", { refs: named })));
  }
  if (op.body) {
    const body = toJsonSchema(op.body, "input", { refs: named });
    const kind = op.multipart ? "multipart/form-data" : "application/json";
    const fields = fieldLines(body);
    if (fields.length > 0) lines.push(`- Body (${kind}):`, ...fields);
    else lines.push(`- Body (${kind}): \`${describeType(body)}\``);
  }
  lines.push(`- Response: ${responseLine(op, named)}`);
  lines.push(`- Errors: ${op.errors.map((code) => `\`${code}\``).join(", ")}.`);
  const mcp = Object.hasOwn(MCP_EXCLUDED_OPERATIONS, op.name)
    ? `not offered (${MCP_EXCLUDED_OPERATIONS[op.name]}).`
    : `tool \`${op.name}\`${toolInputNote(op)}.`;
  lines.push(`- MCP: ${mcp}`);
  return lines.join("\n");
}

export interface LlmsTxtOptions {
  /** Absolute origin of the service (`https://board.example.com`), for the links; default relative. */
  baseUrl?: string;
}

/** The /llms.txt page. */
export function boardLlmsTxt({ baseUrl = "" }: LlmsTxtOptions = {}): string {
  const named = new Map<string, z.ZodType>();
  const groups = operationGroups();
  const sections = groups.map((group) => {
    const ops = boardOperationList.filter((op) => op.group === group);
    return [`## ${titleOf(group)}`, "", ...ops.map((op) => operationSection(op, named) + "\n")].join("\n");
  });
  // Objects named by the operations, and those named inside them, each once.
  const objects: string[] = [];
  const done = new Set<string>();
  for (let pending = [...named]; pending.length > 0; pending = [...named].filter(([n]) => !done.has(n))) {
    for (const [name, schema] of pending) {
      done.add(name);
      const json = toJsonSchema(schema, "output", { refs: named });
      const fields = fieldLines(json);
      const shape = fields.length > 0 ? fields : [`  - \`${describeType(json)}\``];
      objects.push([`### ${name}`, "", ...shape, ""].join("\n"));
    }
  }
  const errors = Object.entries(boardErrorStatus).map(([code, status]) => `- \`${code}\`: ${status}`);

  return [
    "# Board API",
    "",
    "> Projects, boards and cards for people and AI coding agents working side by side: a JSON HTTP API " +
      `under \`${BOARD_API_PREFIX}\`, the same operations as MCP tools at \`/mcp\`, authenticated with ` +
      "`Authorization: Bearer <API token>`.",
    "",
    `This page lists every operation (${boardOperationList.length}) with its method, path, inputs, response ` +
      "and errors. Operation names are also the MCP tool names and the OpenAPI operationIds.",
    "",
    "## Rules",
    "",
    ...LLMS_RULES.map((rule) => `- ${rule}`),
    "",
    "## Errors",
    "",
    "Codes and their HTTP status:",
    "",
    ...errors,
    "",
    "## MCP",
    "",
    `- Endpoint: \`${baseUrl}/mcp\`, Streamable HTTP (stateless; POST only), header ` +
      "`Authorization: Bearer <API token>`. Tools act as the token's user with that user's roles.",
    "- One tool per operation below, same name. The input is the path parameters, query and JSON body " +
      "merged into one object. Query and body fields keep their names; each path id is named after what " +
      "it identifies (`project_id`, `column_id`, `card_id`, `comment_id`, `item_id`, `label_id`, " +
      "`priority_id`, `attachment_id`, `criterion_id`, `user_id`), as each operation's MCP line says: " +
      '`create_card {"column_id": "…", "title": "…"}`, `get_card {"card_id": "…"}`, ' +
      '`claim_next_card {"project_id": "…"}`. A path id that is not an id is `not_found`, as over HTTP; ' +
      "one of another JSON type (a number, null, an object, an array) is `validation_failed` naming the field.",
    "- Results are JSON text plus `structuredContent`; read tools declare its top-level fields as their " +
      "`outputSchema`, write tools answer the object a read tool describes (the " +
      'response object; lists as `{"data", "next_cursor"}`; `{"ok": true}` for operations that answer ' +
      '204 over HTTP). API errors are tool results with `isError: true` whose text is `{"error":{"code",' +
      '"message","details"?}}`. Query flags and numbers are JSON booleans and numbers.',
    `- Every tool call counts against the token's rate limit, one by one inside a JSON-RPC batch too; a ` +
      `batch carries at most ${MCP_MAX_BATCH} messages (more: \`400\`, JSON-RPC \`-32600\`), and one over the ` +
      "limit runs none of its calls (`429 rate_limited`).",
    `- Toolsets: \`core\` by default (${CORE_TOOLSET.join(", ")}: an agent's whole cycle), \`all\`, or ` +
      `a comma list of toolsets and groups: ${groups.join(", ")}; in the URL (\`${baseUrl}/mcp?toolsets=core,labels\`) ` +
      `or the \`${MCP_TOOLSETS_HEADER}: core,labels\` header (the URL wins). The only query parameters are ` +
      "`toolsets` and `read_only`: an unknown parameter (`?readonly=true`) or value is `400` with a JSON-RPC " +
      "error naming the allowed ones.",
    `- Read-only: \`?read_only=true\` or \`${MCP_READONLY_HEADER}: true\` offers only the tools whose ` +
      "`readOnlyHint` is true; calling another is a JSON-RPC error, as is calling a tool the session " +
      "does not offer (`-32602`, naming the closest tool and the toolset that has it). Read-only from the " +
      "header or the query holds (the other cannot undo it). The server's `instructions` say this, and " +
      "the rules every tool shares.",
    "- Transport (MCP 2025-11-25): a browser `Origin` other than this server's (or one listed in " +
      "`MCP_ALLOWED_ORIGINS`) is `403`; requests without `Origin` pass. A body that is not JSON is `400` " +
      "`-32700`; not a JSON-RPC message, an empty batch, or a batch under `MCP-Protocol-Version` " +
      "2025-06-18 or later is `400` `-32600`; params that do not fit the method are `-32602`.",
    "- Without a valid token `/mcp` answers `401` with `WWW-Authenticate: Bearer`, like `/api/v1`, whose " +
      `\`resource_metadata\` points at the OAuth metadata (\`${baseUrl}/.well-known/oauth-protected-resource/mcp\`): ` +
      "MCP hosts that support OAuth sign in by themselves: discovery at " +
      `\`${baseUrl}/.well-known/oauth-authorization-server\`, registration (RFC 7591) or a client ID metadata ` +
      "document, authorization code with PKCE S256 and `resource` (RFC 8707), scopes `board:read` (read-only " +
      "sessions) and `board:write`; e.g. `claude mcp add --transport http board " +
      `${baseUrl}/mcp\`. ` +
      "`create_token` and `change_email` are not tools: only a web session mints tokens or changes the email address.",
    "- A person may limit an OAuth grant to chosen projects on the consent page: its tokens then see only " +
      "those (lists, cards, search, events, sockets, every tool), and any other project is `not_found`, as " +
      "if it did not exist. Revoking the grant (Account → Connected apps) ends its tokens and open sockets at once.",
    "",
    ...sections,
    "## Objects",
    "",
    ...objects,
    "## Optional",
    "",
    `- [OpenAPI 3.1 document](${baseUrl}/openapi.json): the same operations, machine-readable.`,
    `- [API reference](${baseUrl}/docs): the OpenAPI document rendered for people.`,
    "",
  ].join("\n");
}
