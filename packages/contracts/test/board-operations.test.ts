import {
  BOARD_WEB_PREFIX,
  boardAccountOperations,
  boardLlmsTxt,
  boardOpenApiDocument,
  boardOperationList,
  boardOperations,
  boardWebOperations,
  mcpOperations,
} from "../src/index.ts";

describe("board operation registry", () => {
  it("names every operation in snake_case after its key", () => {
    for (const [key, op] of Object.entries(boardOperations)) {
      expect(op.name).toBe(key);
      expect(op.name).toMatch(/^[a-z]+(_[a-z]+)*$/);
    }
  });

  it("has one operation per method and path", () => {
    const routes = boardOperationList.map((op) => `${op.method} ${op.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it("puts every operation in the OpenAPI document under /api/v1 with its operationId", () => {
    const doc = boardOpenApiDocument();
    for (const op of boardOperationList) {
      const entry = doc.paths?.[`/api/v1${op.path}`]?.[op.method];
      expect(entry?.operationId).toBe(op.name);
      expect(entry?.responses?.[String(op.status)]).toBeDefined();
    }
  });

  it("keeps the web app's own operations (/app) out of the OpenAPI document, MCP and /llms.txt", () => {
    const paths = Object.keys(boardOpenApiDocument().paths ?? {});
    expect(paths.filter((path) => path.startsWith(BOARD_WEB_PREFIX))).toEqual([]);
    const tools = new Set(mcpOperations().map((op) => op.name));
    const llms = boardLlmsTxt();
    for (const [name, op] of Object.entries(boardWebOperations)) {
      expect([name, tools.has(name), name in boardOperations]).toEqual([name, false, false]);
      expect(llms).not.toContain(`${BOARD_WEB_PREFIX}${op.path}`);
    }
  });

  it("keeps the person's account operations (connected apps) out of the OpenAPI document, MCP and /llms.txt", () => {
    const paths = Object.keys(boardOpenApiDocument().paths ?? {});
    const tools = new Set(mcpOperations().map((op) => op.name));
    const llms = boardLlmsTxt();
    for (const [name, op] of Object.entries(boardAccountOperations)) {
      expect([name, tools.has(name), name in boardOperations]).toEqual([name, false, false]);
      expect(paths).not.toContain(`/api/v1${op.path}`);
      expect(llms).not.toContain(op.path);
    }
  });

  it("documents the card payload with every contract field", () => {
    const card = boardOpenApiDocument().components?.schemas?.Card as { required: string[] };
    expect(card.required).toEqual(
      expect.arrayContaining([
        "id",
        "project_id",
        "column_id",
        "number",
        "title",
        "body",
        "position",
        "assignee_id",
        "due_at",
        "priority_id",
        "owner_type",
        "shepherds",
        "work_phase",
        "labels",
        "checklist_done",
        "checklist_total",
        "claimed_by",
        "claimed_at",
        "claim_expires_at",
        "parent_id",
        "archived",
        "archived_at",
        "created_at",
        "updated_at",
      ]),
    );
  });
});
