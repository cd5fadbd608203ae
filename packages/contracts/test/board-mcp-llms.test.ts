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
  resolveToolsets,
  splitToolInput,
  toolInputSchema,
  UnknownToolsetError,
} from "../src/index.ts";

const names = (ops: { name: string }[]) => ops.map((op) => op.name);

describe("MCP toolsets", () => {
  it("leaves out exactly the byte-level operations, each with a reason", () => {
    const byteLevel = boardOperationList
      .filter((op) => op.multipart || op.binaryResponse)
      .map((op) => op.name);
    expect(Object.keys(MCP_EXCLUDED_OPERATIONS).sort()).toEqual(byteLevel.sort());
    for (const reason of Object.values(MCP_EXCLUDED_OPERATIONS)) expect(reason).toMatch(/\/api\/v1\//);
    expect(names(mcpOperations())).toEqual(
      names(boardOperationList).filter((name) => !(name in MCP_EXCLUDED_OPERATIONS)),
    );
  });

  it("offers every operation by default and for all", () => {
    expect(names(resolveToolsets())).toEqual(names(mcpOperations()));
    expect(names(resolveToolsets(""))).toEqual(names(mcpOperations()));
    expect(names(resolveToolsets("all"))).toEqual(names(mcpOperations()));
  });

  it("core is the core list, and every core name is an operation of the registry", () => {
    for (const name of CORE_TOOLSET) expect(Object.keys(boardOperations)).toContain(name);
    expect(names(resolveToolsets("core")).sort()).toEqual([...CORE_TOOLSET].sort());
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
      expect(tool.description).toBe(op.description);
      expect(tool.annotations).toMatchObject({
        readOnlyHint: op.hints.readOnly,
        destructiveHint: op.hints.destructive,
        idempotentHint: op.hints.idempotent,
      });
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.inputSchema.additionalProperties).toBe(false);
    }
  });

  it("merges path parameters, query and body into one input with the same names", () => {
    const update = toolInputSchema(boardOperations.update_card);
    expect(Object.keys(update.properties as object)).toEqual(
      expect.arrayContaining(["id", "title", "body", "assignee_id", "shepherds", "work_phase"]),
    );
    expect(update.required).toEqual(["id"]);
    const list = toolInputSchema(boardOperations.list_comments);
    expect(Object.keys(list.properties as object).sort()).toEqual(["cursor", "id", "limit"]);
    const move = toolInputSchema(boardOperations.move_card);
    expect((move.required as string[]).sort()).toEqual(["id", "position", "to_column_id"]);
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
    expect(splitToolInput(boardOperations.update_card, { id: "x", title: "T", shepherds: [] })).toEqual({
      params: { id: "x" },
      query: undefined,
      body: { title: "T", shepherds: [] },
      unknown: [],
    });
    expect(splitToolInput(boardOperations.list_comments, { id: "x", limit: 5, bogus: 1 })).toEqual({
      params: { id: "x" },
      query: { limit: 5 },
      body: undefined,
      unknown: ["bogus"],
    });
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

  it("lists body fields with their types", () => {
    const section = text.slice(text.indexOf("\n### update_card\n"), text.indexOf("\n### delete_card\n"));
    expect(section).toContain("- Body (application/json):");
    expect(section).toContain("`title`: `string` (optional, 1..200 chars)");
    expect(section).toContain('`assignee_id`: `"" | null | string (uuid)`');
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
