// The MCP surface an agent meets, through the official client on a real port: which toolsets a
// session offers and how it chooses them, read-only sessions, the instructions, unknown tools,
// arguments of the wrong JSON type, and the 401 challenge.
import { randomUUID } from "node:crypto";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { CORE_TOOLSET, mcpOperations, resolveToolsets, toolsetNames, type Card } from "@org/contracts";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { makeBoard, makeCard } from "../src/testing/fixtures.ts";
import { allTools, callTool, listenMcp, okTool, toolError } from "./helpers/mcp.ts";

let t: TestApp;
let mcp: Awaited<ReturnType<typeof listenMcp>>;

beforeAll(async () => {
  // The catalog-wide loops below make thousands of calls as one user.
  t = await createTestApp({
    RATE_LIMIT_PER_MINUTE: "100000",
    MCP_ALLOWED_ORIGINS: "https://inspector.example",
  });
  mcp = await listenMcp(t);
});
afterAll(async () => {
  await mcp.close();
  await t.close();
});

const names = (tools: Array<{ name: string }>) => tools.map((tool) => tool.name);
const readOnlyNames = (toolsets: string) =>
  names(resolveToolsets(toolsets).filter((op) => op.hints.readOnly));

/** A raw JSON-RPC POST to /mcp, as a client without the SDK sends it. */
async function post(body: unknown, headers: Record<string, string> = {}, query = "") {
  return fetch(`${mcp.base}/mcp${query}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

describe("toolsets", () => {
  it("offers core by default; ?toolsets= and the X-MCP-Toolsets header choose others, the URL first", async () => {
    const { owner } = await makeBoard(t);
    expect(names(await allTools(await mcp.connect(owner.token)))).toEqual(names(resolveToolsets("core")));
    expect(names(await allTools(await mcp.connect(owner.token, { query: "?toolsets=labels" })))).toEqual(
      names(resolveToolsets("labels")),
    );
    const byHeader = await mcp.connect(owner.token, { headers: { "X-MCP-Toolsets": "core,gates" } });
    expect(names(await allTools(byHeader))).toEqual(names(resolveToolsets("core,gates")));
    const both = await mcp.connect(owner.token, {
      query: "?toolsets=comments",
      headers: { "X-MCP-Toolsets": "all" },
    });
    expect(names(await allTools(both))).toEqual(names(resolveToolsets("comments")));
    // The header is checked like the query: an unknown name is refused, naming the choices.
    const res = await post(
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      {
        Authorization: `Bearer ${owner.token}`,
        "X-MCP-Toolsets": "core,nope",
      },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      jsonrpc: "2.0",
      error: { code: -32000, message: expect.stringMatching(/X-MCP-Toolsets.*"nope".*core, all/) },
    });
  });

  it("names every toolset, and how to choose them and read-only mode, in the instructions", async () => {
    const { owner } = await makeBoard(t);
    const instructions = (await mcp.connect(owner.token)).getInstructions() ?? "";
    for (const toolset of toolsetNames()) expect(instructions).toContain(toolset);
    for (const tool of CORE_TOOLSET) expect(instructions).toContain(tool);
    for (const way of ["?toolsets=", "X-MCP-Toolsets", "?read_only=true", "X-MCP-Readonly: true"]) {
      expect(instructions).toContain(way);
    }
  });

  it("never offers create_token: minting a token needs a web session", async () => {
    const { owner } = await makeBoard(t);
    const all = await mcp.connect(owner.token, { query: "?toolsets=all" });
    expect(names(await allTools(all))).not.toContain("create_token");
    await expect(callTool(all, "create_token", { name: "leak" })).rejects.toMatchObject({ code: -32602 });
    expect(names(await allTools(all))).toEqual(names(mcpOperations()));
  });

  it("tells an agent calling an operation MCP leaves out why, and where it is", async () => {
    const { owner } = await makeBoard(t);
    const all = await mcp.connect(owner.token, { query: "?toolsets=all" });
    await expect(callTool(all, "change_email", { email: "new@example.com" })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(
        "change_email is not an MCP tool: needs a web session with a passkey used lately (the web app's Account page): POST /api/v1/me/email-change.",
      ),
    });
    await expect(callTool(all, "download_attachment", { attachment_id: "x" })).rejects.toMatchObject({
      message: expect.stringContaining("use GET /api/v1/attachments/{attachment_id}"),
    });
  });

  it("keeps core within 30 tools and 30 KB of tools/list, and core completes an agent's cycle", async () => {
    const { owner } = await makeBoard(t);
    const res = await post(
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      {
        Authorization: `Bearer ${owner.token}`,
      },
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    // Issue 26: at most 30 tools and 30 KB, so that a host that fixes the URL holds the cycle.
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(30 * 1024);
    const tools = (JSON.parse(text) as { result: { tools: Tool[] } }).result.tools;
    expect(tools.length).toBeLessThanOrEqual(30);
    for (const step of [
      "list_my_invitations",
      "accept_invitation",
      "get_board",
      "add_blocker",
      "list_ready_cards",
      "claim_next_card",
      "claim_card",
      "publish_plan",
      "decompose_card",
      "list_checklist",
      "update_checklist_item",
      "get_card_gate",
      "ack_gate_criterion",
      "create_finding",
      "move_card",
      "create_comment",
      "handoff_card",
      "set_attention",
      "get_rot_report",
      "wait_for_events",
      "list_notifications",
      "mark_notification_read",
    ]) {
      expect(names(tools)).toContain(step);
    }
    // No tool text speaks HTTP: the tools are named instead.
    expect(text).not.toMatch(/HTTP \d|GET \/|\/cards\/\{/);
  });
});

describe("read-only sessions", () => {
  for (const [how, options] of [
    ["?read_only=true", { query: "?read_only=true" }],
    ["X-MCP-Readonly: true", { headers: { "X-MCP-Readonly": "true" } }],
  ] as const) {
    it(`${how} lists only tools whose readOnlyHint is true and refuses the others`, async () => {
      const { owner, column } = await makeBoard(t);
      const card = await makeCard(owner.api, column.id, { title: "Read me" });
      const client = await mcp.connect(owner.token, options);
      const tools = await allTools(client);
      expect(names(tools)).toEqual(readOnlyNames("core"));
      for (const tool of tools) expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(await okTool<Card>(client, "get_card", { card_id: card.id })).toMatchObject({
        title: "Read me",
      });

      // A write tool is not there to call: JSON-RPC invalid params saying why, and nothing changes.
      await expect(
        callTool(client, "update_card", { card_id: card.id, title: "Written" }),
      ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("read-only") });
      expect((await owner.api.get(`/cards/${card.id}`)).body.title).toBe("Read me");
    });
  }

  it("combines with toolsets, and refuses a read_only that is neither true nor false", async () => {
    const { owner } = await makeBoard(t);
    const client = await mcp.connect(owner.token, { query: "?toolsets=all&read_only=true" });
    expect(names(await allTools(client))).toEqual(readOnlyNames("all"));
    const res = await post(
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      {
        Authorization: `Bearer ${owner.token}`,
        "X-MCP-Readonly": "yes",
      },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      jsonrpc: "2.0",
      error: {
        code: -32000,
        message: 'Bad Request: The header X-MCP-Readonly is "true" or "false", not "yes".',
      },
    });
  });
});

describe("calls an agent gets wrong", () => {
  it("an unknown tool is a JSON-RPC error -32602, not a tool result, naming the closest tool", async () => {
    const { owner } = await makeBoard(t);
    const res = await post(
      { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "no_such_tool", arguments: {} } },
      { Authorization: `Bearer ${owner.token}` },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      jsonrpc: "2.0",
      id: 7,
      error: { code: -32602, message: "Unknown tool: no_such_tool. tools/list names this session's tools." },
    });
    const client = await mcp.connect(owner.token);
    await expect(callTool(client, "claim_nxt_card", {})).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("Unknown tool: claim_nxt_card. Did you mean claim_next_card?"),
    });
    // A near miss of a tool in another toolset names the toolset that has it.
    await expect(callTool(client, "delete_projects", {})).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(
        'Did you mean delete_project? It is in the "projects" toolset: add "projects" (or "all") to ?toolsets=',
      ),
    });
  });

  it("refuses what is not a JSON-RPC POST as the transport says: 406, 415, 400", async () => {
    const { owner } = await makeBoard(t);
    const auth = { Authorization: `Bearer ${owner.token}` };
    const list = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const send = (headers: Record<string, string>, body = list) =>
      fetch(`${mcp.base}/mcp`, { method: "POST", headers: { ...auth, ...headers }, body });
    const json = { "Content-Type": "application/json" };
    const accept = { Accept: "application/json, text/event-stream" };
    expect((await send({ ...json, Accept: "application/json" })).status).toBe(406);
    expect((await send({ ...accept, "Content-Type": "text/plain" })).status).toBe(415);
    const version = await send({ ...json, ...accept, "MCP-Protocol-Version": "1999-01-01" });
    expect(version.status).toBe(400);
    expect(await version.json()).toMatchObject({ error: { message: expect.stringContaining("1999-01-01") } });
    const garbage = await send({ ...json, ...accept }, JSON.stringify({ hello: "world" }));
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32600 }, id: null });
    // A notification alone gets 202 and no body.
    const note = await send(
      { ...json, ...accept },
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    );
    expect(note.status).toBe(202);
    expect(await note.text()).toBe("");
  });

  it("every id given a number, null, an object or an array is validation_failed naming the field", async () => {
    const { owner } = await makeBoard(t);
    const client = await mcp.connect(owner.token, { query: "?toolsets=all" });
    const tools = await allTools(client);
    let checked = 0;
    for (const tool of tools) {
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
      const required = tool.inputSchema.required ?? [];
      // Everything the tool requires, well-formed; then one id at a time of the wrong JSON type.
      const valid = Object.fromEntries(required.map((field) => [field, randomUUID()]));
      for (const [field, schema] of Object.entries(properties)) {
        if (!field.endsWith("_id") || !JSON.stringify(schema).includes('"uuid"')) continue;
        const acceptsNull = JSON.stringify(schema).includes('"null"');
        for (const wrong of [8, null, { id: randomUUID() }, [randomUUID()]]) {
          if (wrong === null && acceptsNull) continue;
          const result = await callTool(client, tool.name, { ...valid, [field]: wrong });
          const error = toolError(result);
          const context = { tool: tool.name, field, wrong };
          expect({ ...context, code: error.code }).toEqual({ ...context, code: "validation_failed" });
          expect({ ...context, paths: error.details?.map((detail) => detail.path) }).toEqual({
            ...context,
            paths: expect.arrayContaining([field]),
          });
          checked += 1;
        }
      }
    }
    // Path ids, query ids and body ids across the catalog.
    expect(checked).toBeGreaterThan(150);
  });

  it("a tool called without its required fields is validation_failed naming each missing one", async () => {
    const { owner } = await makeBoard(t);
    const client = await mcp.connect(owner.token, { query: "?toolsets=all" });
    let checked = 0;
    for (const tool of await allTools(client)) {
      const required = tool.inputSchema.required ?? [];
      if (required.length === 0) continue;
      const error = toolError(await callTool(client, tool.name, {}));
      const context = { tool: tool.name };
      expect({ ...context, code: error.code }).toEqual({ ...context, code: "validation_failed" });
      expect({ ...context, paths: error.details?.map((detail) => detail.path) }).toEqual({
        ...context,
        paths: expect.arrayContaining(required),
      });
      checked += 1;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it("any field of any tool given a value of the wrong JSON type is never internal", async () => {
    const { owner } = await makeBoard(t);
    const client = await mcp.connect(owner.token, { query: "?toolsets=all" });
    const failures: string[] = [];
    let calls = 0;
    for (const tool of await allTools(client)) {
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, unknown>;
      const valid = Object.fromEntries(
        (tool.inputSchema.required ?? []).map((field) => [field, randomUUID()]),
      );
      // idempotency_key (every write tool's, one code path) is checked in idempotency.test.ts.
      for (const field of Object.keys(properties).filter((name) => name !== "idempotency_key")) {
        for (const wrong of [8, null, { a: 1 }, [1], true]) {
          const result = await callTool(client, tool.name, { ...valid, [field]: wrong });
          calls += 1;
          if (!result.isError) continue;
          const { code } = toolError(result);
          if (code === "internal") failures.push(`${tool.name} ${field}=${JSON.stringify(wrong)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(500);
    // Hundreds of calls: more than the default 30 s on a loaded 2-core machine.
  }, 120_000);

  it("a body of the wrong JSON type elsewhere is validation_failed too, never internal", async () => {
    const { owner, column } = await makeBoard(t);
    const client = await mcp.connect(owner.token);
    for (const args of [
      { column_id: column.id, title: 8 },
      { column_id: column.id, title: "x", shepherds: "nobody" },
      { column_id: column.id, title: ["x"] },
    ]) {
      expect(toolError(await callTool(client, "create_card", args)).code).toBe("validation_failed");
    }
    for (const flag of ["yes", {}, [true], null]) {
      const result = await callTool(client, "get_board", {
        project_id: column.project_id,
        include_archived: flag,
      });
      expect(toolError(result)).toMatchObject({
        code: "validation_failed",
        details: [expect.objectContaining({ path: "include_archived" })],
      });
    }
  });
});

describe("authentication", () => {
  it("answers 401 with WWW-Authenticate: Bearer, on /mcp and /api/v1", async () => {
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    };
    const missing = await post(initialize);
    expect(missing.status).toBe(401);
    // PUBLIC_URL (the test app's default), not the address it happens to listen on.
    const metadata = `resource_metadata="http://localhost:4000/.well-known/oauth-protected-resource/mcp"`;
    expect(missing.headers.get("www-authenticate")).toBe(`Bearer realm="board-api", ${metadata}`);
    const wrong = await post(initialize, { Authorization: "Bearer not-a-token" });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toBe(
      `Bearer realm="board-api", ${metadata}, error="invalid_token"`,
    );
    const api = await fetch(`${mcp.base}/api/v1/projects`, { headers: { Authorization: "Bearer nope" } });
    expect(api.status).toBe(401);
    expect(api.headers.get("www-authenticate")).toMatch(/^Bearer /);
  });
});

describe("the 2025-11-25 Streamable HTTP transport", () => {
  const list = { jsonrpc: "2.0", id: 1, method: "tools/list" };

  it("refuses a foreign Origin with 403; its own, configured and absent Origins pass", async () => {
    const { owner } = await makeBoard(t);
    const auth = { Authorization: `Bearer ${owner.token}` };
    const foreign = await post(list, { ...auth, Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32000, message: expect.stringContaining("https://evil.example") },
    });
    // Refused before authentication: a page cannot even probe tokens.
    expect((await post(list, { Origin: "https://evil.example" })).status).toBe(403);
    for (const origin of [undefined, "http://localhost:4000", mcp.base, "https://inspector.example"]) {
      const res = await post(list, origin === undefined ? auth : { ...auth, Origin: origin });
      expect([origin, res.status]).toEqual([origin, 200]);
    }
  });

  it("answers what is not JSON with -32700 and what is not JSON-RPC with -32600", async () => {
    const { owner } = await makeBoard(t);
    const res = await fetch(`${mcp.base}/mcp`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${owner.token}`,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      },
      body: '{"jsonrpc": "2.0", "id": 1, "method": "tools/list"',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } });
    const auth = { Authorization: `Bearer ${owner.token}` };
    for (const invalid of [{ jsonrpc: "1.0", id: 1, method: "tools/list" }, { jsonrpc: "2.0", id: 1 }, [1]]) {
      const answer = await post(invalid, auth);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({
        error: { code: -32600, message: expect.stringMatching(/^Invalid Request: /) },
      });
    }
  });

  it("refuses an empty batch, and batches under protocol versions that removed them", async () => {
    const { owner } = await makeBoard(t);
    const auth = { Authorization: `Bearer ${owner.token}` };
    const empty = await post([], auth);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      error: { code: -32600, message: expect.stringContaining("empty") },
    });
    for (const version of ["2025-06-18", "2025-11-25"]) {
      const res = await post([list], { ...auth, "MCP-Protocol-Version": version });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: {
          code: -32600,
          message: expect.stringContaining(`protocol version ${version} has no JSON-RPC batches`),
        },
      });
    }
    // 2025-03-26 had them (and is what a request without the header is taken to speak).
    const old = await post([list], { ...auth, "MCP-Protocol-Version": "2025-03-26" });
    expect(old.status).toBe(200);
    expect(await old.json()).toHaveLength(1);
  });

  it("answers a request whose params do not fit with -32602 and a short text, never -32603", async () => {
    const { owner } = await makeBoard(t);
    const auth = { Authorization: `Bearer ${owner.token}` };
    for (const params of [{ name: 5 }, { arguments: {} }, { name: "get_me", arguments: "x" }, undefined]) {
      const res = await post({ jsonrpc: "2.0", id: 3, method: "tools/call", params }, auth);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { id: number; error: { code: number; message: string } };
      expect(body).toMatchObject({ id: 3, error: { code: -32602 } });
      expect(body.error.message).toMatch(/^Invalid params for tools\/call \(expected params \{"name"/);
      expect(body.error.message.length).toBeLessThan(300);
      expect(body.error.message).not.toContain('"code"');
    }
    const cursor = await post({ jsonrpc: "2.0", id: 4, method: "tools/list", params: { cursor: 5 } }, auth);
    expect(await cursor.json()).toMatchObject({
      id: 4,
      error: { code: -32602, message: expect.stringContaining("cursor") },
    });
  });

  it("refuses unknown query parameters and values naming the allowed ones; the read-only header holds", async () => {
    const { owner, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id, { title: "Keep" });
    const auth = { Authorization: `Bearer ${owner.token}` };
    const typo = await post(list, auth, "?readonly=true");
    expect(typo.status).toBe(400);
    expect(await typo.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32000,
        message:
          'Bad Request: Unknown query parameter "readonly" on /mcp (did you mean "read_only"?); the allowed ones are toolsets, read_only.',
      },
    });
    const singular = await post(list, auth, "?toolset=all");
    expect(await singular.json()).toMatchObject({
      error: { message: expect.stringContaining('"toolset" on /mcp (did you mean "toolsets"?)') },
    });
    const value = await post(list, auth, "?toolsets=card");
    expect(value.status).toBe(400);
    expect(await value.json()).toMatchObject({
      error: {
        message: expect.stringMatching(
          /query parameter toolsets: Unknown toolset "card"; use core, all.*Did you mean "cards"/,
        ),
      },
    });
    expect((await post(list, auth, "?read_only=maybe")).status).toBe(400);
    // A misspelt session header is refused too (ignored, it would open a session that writes).
    const header = await post(list, { ...auth, "X-MCP-Read-Only": "true" });
    expect(header.status).toBe(400);
    expect(await header.json()).toMatchObject({
      error: {
        message: expect.stringContaining('"x-mcp-read-only" on /mcp (did you mean "X-MCP-Readonly"?)'),
      },
    });
    expect((await post(list, { ...auth, "X-MCP-Proxy-Auth": "Bearer x" })).status).toBe(200);

    // The query cannot undo a read-only header.
    const client = await mcp.connect(owner.token, {
      query: "?read_only=false",
      headers: { "X-MCP-Readonly": "true" },
    });
    expect(names(await allTools(client))).toEqual(readOnlyNames("core"));
    await expect(
      callTool(client, "update_card", { card_id: card.id, title: "Written" }),
    ).rejects.toMatchObject({
      code: -32602,
    });
    expect((await owner.api.get(`/cards/${card.id}`)).body.title).toBe("Keep");
  });
});
