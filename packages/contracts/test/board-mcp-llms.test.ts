import {
  BOARD_API_PREFIX,
  boardLlmsTxt,
  boardOperationList,
  boardOperations,
  boardToolDefinition,
  CORE_TOOLSET,
  LLMS_RULES,
  MCP_EXCLUDED_OPERATIONS,
  mcpOperations,
  operationGroups,
  pathIdsOf,
  resolveToolsets,
  splitToolInput,
  toolInputSchema,
  toolOutputSchema,
  UnknownToolsetError,
  CardWithPlanSchema,
  mcpInstructions,
  MCP_READONLY_HEADER,
  MCP_TOOLSETS_HEADER,
  toolDescription,
  toolsetNames,
} from "../src/index.ts";
import { LIST_NOTE, ROLE_NOTE } from "../src/board/operations/spec.ts";

const names = (ops: { name: string }[]) => ops.map((op) => op.name);

describe("MCP toolsets", () => {
  it("leaves out exactly the byte-level operations, create_token and change_email, each with a reason", () => {
    const byteLevel = boardOperationList
      .filter((op) => op.multipart || op.binaryResponse)
      .map((op) => op.name);
    expect(Object.keys(MCP_EXCLUDED_OPERATIONS).sort()).toEqual(
      [...byteLevel, "create_token", "change_email"].sort(),
    );
    for (const reason of Object.values(MCP_EXCLUDED_OPERATIONS)) expect(reason).toMatch(/\/api\/v1\//);
    expect(names(mcpOperations())).toEqual(
      names(boardOperationList).filter((name) => !(name in MCP_EXCLUDED_OPERATIONS)),
    );
  });

  it("offers core by default, every operation for all", () => {
    expect(names(resolveToolsets())).toEqual(names(resolveToolsets("core")));
    expect(names(resolveToolsets(""))).toEqual(names(resolveToolsets("core")));
    expect(names(resolveToolsets("all"))).toEqual(names(mcpOperations()));
  });

  it("read-only keeps exactly the tools whose readOnlyHint is true", () => {
    const readOnly = resolveToolsets("all", { readOnly: true });
    expect(names(readOnly)).toEqual(names(mcpOperations().filter((op) => op.hints.readOnly)));
    expect(readOnly.length).toBeGreaterThan(10);
    for (const op of resolveToolsets(undefined, { readOnly: true })) {
      expect(boardToolDefinition(op).annotations.readOnlyHint).toBe(true);
      expect(CORE_TOOLSET).toContain(op.name);
    }
  });

  it("the instructions name every toolset and how to choose them", () => {
    const instructions = mcpInstructions();
    for (const name of toolsetNames()) expect(instructions).toContain(name);
    for (const way of ["?toolsets=", MCP_TOOLSETS_HEADER, "?read_only=true", MCP_READONLY_HEADER]) {
      expect(instructions).toContain(way);
    }
  });

  it("core is the core list, and every core name is an operation of the registry", () => {
    for (const name of CORE_TOOLSET) expect(Object.keys(boardOperations)).toContain(name);
    expect(names(resolveToolsets("core")).sort()).toEqual([...CORE_TOOLSET].sort());
  });

  it("core offers every tool its own descriptions send an agent to", () => {
    const toolNames = new Set(mcpOperations().map((op) => op.name));
    // What an agent reads: the tool's description (/llms.txt may name tools of other groups).
    for (const op of resolveToolsets("core")) {
      const named = [...toolDescription(op).matchAll(/\b[a-z]+(?:_[a-z]+)+\b/g)]
        .map(([word]) => word)
        .filter((word) => toolNames.has(word) && word !== op.name);
      for (const name of named)
        expect([op.name, name, CORE_TOOLSET.includes(name)]).toEqual([op.name, name, true]);
    }
    for (const name of [
      "list_members",
      "get_card_gate",
      "list_my_invitations",
      "accept_invitation",
      "decompose_card",
      "create_finding",
      "list_ready_cards",
      "wait_for_events",
      "get_rot_report",
      "set_attention",
      "mark_notification_read",
    ]) {
      expect(CORE_TOOLSET).toContain(name);
    }
  });

  it("combines groups and core, in registry order", () => {
    const ops = resolveToolsets("labels, core");
    const expected = mcpOperations().filter((op) => op.group === "labels" || CORE_TOOLSET.includes(op.name));
    expect(names(ops)).toEqual(names(expected));
    for (const group of operationGroups()) {
      const inGroup = resolveToolsets(group);
      expect(inGroup.length).toBeGreaterThan(0);
      for (const op of inGroup) expect(op.group).toBe(group);
    }
  });

  it("rejects an unknown toolset by name", () => {
    expect(() => resolveToolsets("core,nope")).toThrow(UnknownToolsetError);
    expect(() => resolveToolsets("nope")).toThrow(/"nope".*core, all/);
  });
});

describe("MCP tool definitions", () => {
  it("one tool per operation with title, description and the registry's hints", () => {
    for (const op of mcpOperations()) {
      const tool = boardToolDefinition(op);
      expect(tool.name).toBe(op.name);
      expect(tool.title).toBe(op.summary);
      // The sentences every tool shares are said once, in the instructions.
      expect(tool.description).toBe(toolDescription(op));
      expect(tool.description).not.toContain(ROLE_NOTE);
      expect(tool.description).not.toContain(LIST_NOTE);
      // A shorter toolDescription (core's budget) is its own text; otherwise the registry's.
      if (op.toolDescription === undefined) expect(op.description).toContain(tool.description.slice(0, 40));
      expect(tool.annotations).toMatchObject({
        readOnlyHint: op.hints.readOnly,
        destructiveHint: op.hints.destructive,
        idempotentHint: op.hints.idempotent,
      });
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.inputSchema.additionalProperties).toBe(false);
    }
  });

  it("merges path ids, query and body into one input; body and query keep their names", () => {
    const update = toolInputSchema(boardOperations.update_card);
    expect(Object.keys(update.properties as object)).toEqual(
      expect.arrayContaining(["card_id", "title", "body", "assignee_id", "shepherds", "work_phase"]),
    );
    expect(update.required).toEqual(["card_id"]);
    const list = toolInputSchema(boardOperations.list_comments);
    expect(Object.keys(list.properties as object).sort()).toEqual(["card_id", "cursor", "limit"]);
    const move = toolInputSchema(boardOperations.move_card);
    expect((move.required as string[]).sort()).toEqual(["card_id", "to_column_id"]);
    const detach = toolInputSchema(boardOperations.detach_label);
    expect(detach.required).toEqual(["card_id", "label_id"]);
  });

  it("names every path id after what it identifies, describes it, and never clashes with a body or query field", () => {
    const expected: Record<string, string> = {
      "/projects": "project_id",
      "/columns": "column_id",
      "/cards": "card_id",
      "/comments": "comment_id",
      "/checklist": "item_id",
      "/labels": "label_id",
      "/priorities": "priority_id",
      "/attachments": "attachment_id",
      "/gate-criteria": "criterion_id",
      "/invitations": "invitation_id",
      "/tokens": "token_id",
      "/me/notifications": "notification_id",
      "/webhooks": "webhook_id",
      "/deliveries": "delivery_id",
    };
    for (const op of boardOperationList) {
      const params = Object.keys(op.params?.shape ?? {});
      // The path names the same parameters as the schema, in the same order.
      expect([op.name, [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name)]).toEqual([
        op.name,
        params,
      ]);
      const first = /^(.*?)\/\{(\w+)\}/.exec(op.path);
      if (first) {
        // The first id follows the collection it belongs to: /columns/{column_id}/cards is a column.
        expect([op.name, first[2]]).toEqual([op.name, expected[first[1]!]]);
      }
      const taken = [
        ...Object.keys(op.query?.shape ?? {}),
        ...Object.keys((op.body as { shape?: object })?.shape ?? {}),
      ];
      for (const { name, description } of pathIdsOf(op)) {
        expect(description).toMatch(/^The [a-z ]+.*\.$/);
        expect([op.name, taken.includes(name)]).toEqual([op.name, false]);
      }
    }
    for (const op of mcpOperations()) {
      expect(Object.keys(toolInputSchema(op).properties as object)).not.toContain("id");
    }
  });

  it("declares each result's outputSchema from the response schema, compactly", () => {
    for (const op of mcpOperations()) {
      const output = toolOutputSchema(op);
      if (!op.response) {
        expect(output).toBeUndefined();
        continue;
      }
      expect(output?.type).toBe("object");
      // No description text (a field named `description`, such as a webhook's, is a property).
      expect(JSON.stringify(output)).not.toMatch(/"description":"/);
    }
    // The top-level shape: every field with its JSON type (and values), nothing deeper.
    const card = toolOutputSchema(boardOperations.get_card)!;
    expect(Object.keys(card.properties as object)).toEqual(Object.keys(CardWithPlanSchema.shape));
    expect(card.properties).toMatchObject({
      id: { type: "string" },
      due_at: { type: ["string", "null"] },
      owner_type: { type: "string", enum: ["human", "agent"] },
      labels: { type: "array" },
      plan: { type: ["object", "null"] },
    });
    // claim_next_card: the card, or the "nothing eligible" answer.
    expect(toolOutputSchema(boardOperations.claim_next_card)!.anyOf).toEqual([
      expect.objectContaining({ properties: expect.objectContaining({ claimed_by: expect.any(Object) }) }),
      { type: "object", properties: { result: { type: "null" }, reason: { type: "string" } } },
    ]);
    // Read tools declare it; write tools answer what a read tool declares.
    for (const op of mcpOperations()) {
      const declared = boardToolDefinition(op).outputSchema;
      expect([op.name, declared !== undefined]).toEqual([op.name, op.hints.readOnly && !!op.response]);
    }
  });

  it("says nothing of HTTP in tool texts", () => {
    // Status codes (not ranges like 1..500), methods with paths, API paths, query strings.
    const http =
      /`\w+=|&\w+=|HTTP|\b(GET|POST|PATCH|PUT|DELETE) \/|\/api\/|\/(cards|projects|columns)\/|(?<!\.\.)\b(20\d|4\d\d|5\d\d)\b/;
    for (const op of mcpOperations()) {
      const tool = boardToolDefinition(op);
      const texts = [
        tool.description,
        ...(JSON.stringify(tool.inputSchema).match(/"description":"[^"]*"/g) ?? []),
      ];
      for (const text of texts) expect([op.name, text, http.test(text)]).toEqual([op.name, text, false]);
    }
  });

  it("documents query flags by their type: include_archived is a boolean", () => {
    expect(
      (toolInputSchema(boardOperations.get_board).properties as Record<string, unknown>).include_archived,
    ).toEqual({
      type: "boolean",
      description: "true: archived cards are listed too.",
    });
  });

  it("exposes limit and cursor on every paginated list tool", () => {
    for (const op of mcpOperations().filter((o) => o.query && "cursor" in o.query.shape)) {
      const props = toolInputSchema(op).properties as Record<string, unknown>;
      expect(props).toHaveProperty("limit");
      expect(props).toHaveProperty("cursor");
    }
  });

  it("keeps schemas tight: no regex next to a format, no $schema", () => {
    const text = JSON.stringify(mcpOperations().map(boardToolDefinition));
    expect(text).not.toContain("$schema");
    expect(text).not.toContain("9007199254740991");
    expect(text).not.toMatch(/"format":"uuid","pattern"/);
  });

  it("splits a call's arguments back into params, query and body", () => {
    expect(splitToolInput(boardOperations.update_card, { card_id: "x", title: "T", shepherds: [] })).toEqual({
      params: { card_id: "x" },
      query: undefined,
      body: { title: "T", shepherds: [] },
      problems: [],
    });
    expect(splitToolInput(boardOperations.list_comments, { card_id: "x", limit: 5, bogus: 1 })).toEqual({
      params: { card_id: "x" },
      query: { limit: 5 },
      body: undefined,
      problems: [{ path: "bogus", message: "Unknown field." }],
    });
    expect(splitToolInput(boardOperations.remove_member, { project_id: "p", user_id: "u" }).params).toEqual({
      project_id: "p",
      user_id: "u",
    });
  });

  it("answers a bare id with the field the tool takes", () => {
    expect(splitToolInput(boardOperations.get_card, { id: "x" }).problems).toEqual([
      { path: "id", message: "Unknown field; get_card takes card_id (the card to read)." },
      { path: "card_id", message: "Required: the card to read." },
    ]);
  });
});

describe("/llms.txt", () => {
  const text = boardLlmsTxt();

  it("follows llmstxt.org: an H1, then a summary blockquote, then sections", () => {
    const lines = text.split("\n");
    expect(lines[0]).toBe("# Board API");
    expect(lines[2]).toMatch(/^> /);
    expect(text).toContain("\n## Rules\n");
    expect(text).toContain("\n## Optional\n");
    expect(text.match(/^# /gm)).toHaveLength(1);
  });

  it("has a section for every operation with method, path, response and errors", () => {
    for (const op of boardOperationList) {
      const start = text.indexOf(`\n### ${op.name}\n`);
      expect(start).toBeGreaterThan(0);
      const section = text.slice(start, text.indexOf("\n### ", start + 5));
      expect(section).toContain(`\`${op.method.toUpperCase()} ${BOARD_API_PREFIX}${op.path}\``);
      expect(section).toContain("- Response: `" + op.status + "`");
      for (const code of op.errors) expect(section).toContain(`\`${code}\``);
    }
  });

  it("says how each tool names the path ids, and the due-date rule", () => {
    const section = (name: string) =>
      text.slice(
        text.indexOf(`\n### ${name}\n`),
        text.indexOf("\n### ", text.indexOf(`\n### ${name}\n`) + 5),
      );
    expect(section("create_card")).toContain("- MCP: tool `create_card`.");
    expect(section("create_card")).toContain(
      "- Path:\n  - `column_id`: `string (uuid)` (required). The column to create the card in.",
    );
    expect(section("detach_label")).toContain(
      "- Path:\n  - `card_id`: `string (uuid)` (required). The card to take the label off.\n" +
        "  - `label_id`: `string (uuid)` (required). The label to take off.",
    );
    expect(section("update_card")).toContain("a date alone (`2026-12-01`): the end of that day in UTC");
    expect(text).toContain('`create_card {"column_id": "…", "title": "…"}`');
    expect(text).toContain("**Due dates**");
  });

  it("lists body fields with their types", () => {
    const section = text.slice(text.indexOf("\n### update_card\n"), text.indexOf("\n### delete_card\n"));
    expect(section).toContain("- Body (application/json):");
    expect(section).toContain("`title`: `string` (optional, 1..200 chars)");
    expect(section).toContain('`assignee_id`: `"" | null | string (uuid)`');
    expect(section).toContain('`due_at`: `"" | null | string (date-time) | string (date)`');
    expect(section).toContain("`shepherds`: `string (uuid)[]`");
    const upload = text.slice(text.indexOf("\n### upload_card_attachment\n"));
    expect(upload).toContain("- Body (multipart/form-data):");
  });

  it("states the rules", () => {
    for (const rule of LLMS_RULES) expect(text).toContain(rule);
    for (const phrase of [
      "empty string",
      "`shepherds: []` clears",
      "never numbers",
      "0-based",
      "multipart/form-data",
      "Archive over delete",
      "lease",
      "next_cursor",
      '{"error":{"code"',
      "Rate limit",
      "Authorization: Bearer",
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it("describes the objects responses name", () => {
    expect(text).toContain("\n### Card\n");
    expect(text).toContain("`cards`: `Card[]`");
    expect(text).toContain("`{data: Project[], next_cursor: string | null}`");
  });
});
