// The mistakes an agent makes in a call's fields, over HTTP and MCP alike: a name, handle or number
// where an id goes (path or body, lists too), a missing field, a misspelt one, numbers and booleans
// as strings (one rule), a card number written "#3", and a conflict that names the existing id.
import type { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { addMember, makeBoard, makeCard, makeUser } from "../src/testing/fixtures.ts";
import { callTool, listenMcp, toolError } from "./helpers/mcp.ts";

let t: TestApp;
let mcp: Awaited<ReturnType<typeof listenMcp>>;
beforeAll(async () => {
  t = await createTestApp();
  mcp = await listenMcp(t);
});
afterAll(async () => {
  await mcp.close();
  await t.close();
});

type Detail = { path: string; message: string };

async function team() {
  const board = await makeBoard(t);
  const agent = await makeUser(t, { name: "Agent B" });
  await addMember(board.owner.api, board.project.id, agent, "member");
  const card = await makeCard(board.owner.api, board.column.id);
  const client = await mcp.connect(board.owner.token, { query: "?toolsets=all" });
  return { ...board, agent, card, client };
}

/** The details of a validation_failed answer over HTTP. */
async function httpDetails(
  res: PromiseLike<{ status: number; body: { error: { code: string; details?: Detail[] } } }>,
) {
  const { status, body } = await res;
  expect({ status, code: body.error.code }).toEqual({ status: 422, code: "validation_failed" });
  return body.error.details;
}

/** The details of a validation_failed tool result. */
async function mcpDetails(client: McpClient, name: string, args: Record<string, unknown>) {
  const error = toolError(await callTool(client, name, args));
  expect(error.code).toBe("validation_failed");
  return error.details;
}

const COLUMNS = "list_columns gives them (HTTP: GET /projects/{project_id}/columns/summary).";
const MEMBERS = "list_members gives them (HTTP: GET /projects/{project_id}/members).";
const LABELS = "list_labels gives them (HTTP: GET /projects/{project_id}/labels).";
const PRIORITIES = "list_priorities gives them (HTTP: GET /projects/{project_id}/priorities).";

describe("a name, handle or number where an id goes", () => {
  it("move_card's to_column_id given a column name", async () => {
    const { owner, card, client } = await team();
    const expected = [
      { path: "to_column_id", message: `Expected a column id (UUID), got "In progress": ${COLUMNS}` },
    ];
    expect(
      await httpDetails(owner.api.post(`/cards/${card.id}/move`, { to_column_id: "In progress" })),
    ).toEqual(expected);
    expect(await mcpDetails(client, "move_card", { card_id: card.id, to_column_id: "In progress" })).toEqual(
      expected,
    );
  });

  it("handoff_card's to_user_id given a handle, create_card's assignee_id and priority_id given names", async () => {
    const { owner, column, card, client } = await team();
    const handoff = [{ path: "to_user_id", message: `Expected a user id (UUID), got "agent-b": ${MEMBERS}` }];
    expect(
      await httpDetails(owner.api.post(`/cards/${card.id}/handoff`, { note: "x", to_user_id: "agent-b" })),
    ).toEqual(handoff);
    expect(
      await mcpDetails(client, "handoff_card", { card_id: card.id, note: "x", to_user_id: "agent-b" }),
    ).toEqual(handoff);
    const create = [
      { path: "assignee_id", message: `Expected a user id (UUID), got "@agent-b": ${MEMBERS}` },
      { path: "priority_id", message: `Expected a priority id (UUID), got "high": ${PRIORITIES}` },
    ];
    const body = { title: "x", assignee_id: "@agent-b", priority_id: "high" };
    expect(await httpDetails(owner.api.post(`/columns/${column.id}/cards`, body))).toEqual(create);
    expect(await mcpDetails(client, "create_card", { column_id: column.id, ...body })).toEqual(create);
  });

  it("label_ids given label names, one by one, and a bare name where the list goes", async () => {
    const { owner, column, client } = await team();
    const label = (await owner.api.post(`/projects/${column.project_id}/labels`, { name: "bug" })).body;
    const each = [{ path: "label_ids.1", message: `Expected a label id (UUID), got "bug": ${LABELS}` }];
    const body = { title: "x", label_ids: [label.id, "bug"] };
    expect(await httpDetails(owner.api.post(`/columns/${column.id}/cards`, body))).toEqual(each);
    expect(await mcpDetails(client, "create_card", { column_id: column.id, ...body })).toEqual(each);
    const bare = [
      { path: "label_ids", message: `Expected a list of label ids (UUIDs), got "bug": ${LABELS}` },
    ];
    expect(
      await httpDetails(owner.api.post(`/columns/${column.id}/cards`, { title: "x", label_ids: "bug" })),
    ).toEqual(bare);
  });

  it("a card number where a card id goes says how to get the id", async () => {
    const { owner, card, client } = await team();
    const other = await makeCard(owner.api, card.column_id);
    const message =
      `Expected a card id (UUID), got "#${card.number}": find_cards or list_my_cards give them ` +
      "(HTTP: GET /projects/{project_id}/cards, GET /me/cards). A card number is not an id: " +
      `find_cards with number=${card.number} gives its card_id.`;
    const body = { blocker_id: `#${card.number}` };
    expect(await httpDetails(owner.api.post(`/cards/${other.id}/blockers`, body))).toEqual([
      { path: "blocker_id", message },
    ]);
    expect(await mcpDetails(client, "add_blocker", { card_id: other.id, ...body })).toEqual([
      { path: "blocker_id", message },
    ]);
    // A number in a path id over MCP (a JSON number) too.
    expect(await mcpDetails(client, "get_card", { card_id: card.number })).toEqual([
      {
        path: "card_id",
        message:
          `Expected a UUID string, got the number ${card.number}: the card to read. A card number is not ` +
          `an id: find_cards with number=${card.number} gives its card_id.`,
      },
    ]);
    // And in a body id.
    const numeric = await mcpDetails(client, "add_blocker", { card_id: other.id, blocker_id: card.number });
    expect(numeric?.[0]?.message).toMatch(new RegExp(`^Expected a card id \\(UUID\\), got ${card.number}: `));
  });
});

describe("a name where a query id goes", () => {
  it("find_cards' column_id and assignee_id", async () => {
    const { owner, project, client } = await team();
    const expected = [
      { path: "column_id", message: `Expected a column id (UUID), got "Todo": ${COLUMNS}` },
      { path: "assignee_id", message: `Expected a user id (UUID), got "@agent-b": ${MEMBERS}` },
    ];
    expect(
      await httpDetails(owner.api.get(`/projects/${project.id}/cards?column_id=Todo&assignee_id=%40agent-b`)),
    ).toEqual(expected);
    expect(
      await mcpDetails(client, "find_cards", {
        project_id: project.id,
        column_id: "Todo",
        assignee_id: "@agent-b",
      }),
    ).toEqual(expected);
  });
});

describe("a missing field names itself and what to pass", () => {
  it("over HTTP and MCP", async () => {
    const { owner, column, card, client } = await team();
    const move = [
      {
        path: "to_column_id",
        message:
          "Required: `to_column_id`, the column to put the card in (same project); pass a column id (UUID), which list_columns gives.",
      },
    ];
    expect(await httpDetails(owner.api.post(`/cards/${card.id}/move`, {}))).toEqual(move);
    expect(await mcpDetails(client, "move_card", { card_id: card.id })).toEqual(move);
    const title = [{ path: "title", message: "Required: `title`; pass text, 1..200 characters." }];
    expect(await httpDetails(owner.api.post(`/columns/${column.id}/cards`, {}))).toEqual(title);
    expect(await mcpDetails(client, "create_card", { column_id: column.id })).toEqual(title);
  });
});

describe("an unknown field gets the closest name", () => {
  it("over HTTP and MCP", async () => {
    const { owner, column, card, client } = await team();
    expect(
      await httpDetails(owner.api.post(`/cards/${card.id}/move`, { to_column_id: column.id, positon: 0 })),
    ).toEqual([{ path: "", message: 'Unrecognized key: "positon" (did you mean "position"?)' }]);
    expect(
      await mcpDetails(client, "move_card", { card_id: card.id, to_column_id: column.id, positon: 0 }),
    ).toEqual([{ path: "positon", message: 'Unknown field; did you mean "position"?' }]);
    expect(await mcpDetails(client, "move_card", { card_id: card.id, column_id: column.id })).toEqual([
      { path: "column_id", message: 'Unknown field; did you mean "to_column_id"?' },
      {
        path: "to_column_id",
        message:
          "Required: `to_column_id`, the column to put the card in (same project); pass a column id (UUID), which list_columns gives.",
      },
    ]);
  });
});

describe("numbers and booleans as strings: one rule", () => {
  it('"3" and "true" are read in bodies as in queries; "1e2" and "yes" are refused', async () => {
    const { owner, column, card, client } = await team();
    const second = await makeCard(owner.api, column.id);
    const moved = await owner.api.post(`/cards/${second.id}/move`, {
      to_column_id: column.id,
      position: "0",
    });
    expect(moved.status).toBe(200);
    expect(moved.body.position).toBe(0);
    const viaMcp = await callTool(client, "move_card", {
      card_id: card.id,
      to_column_id: column.id,
      position: "0",
    });
    expect(viaMcp.isError).toBeFalsy();
    const item = await owner.api.post(`/cards/${card.id}/checklist`, { text: "step", done: "true" });
    expect(item.status).toBe(201);
    expect(item.body.done).toBe(true);
    expect((await owner.api.get(`/projects/${column.project_id}/cards?limit=2`)).status).toBe(200);
    expect(
      await httpDetails(
        owner.api.post(`/cards/${card.id}/move`, { to_column_id: column.id, position: "1e2" }),
      ),
    ).toEqual([
      {
        path: "position",
        message: 'Expected an integer: a JSON number, or plain base-10 digits as a string ("3"); got "1e2".',
      },
    ]);
    expect(
      await mcpDetails(client, "create_checklist_item", { card_id: card.id, text: "x", done: "yes" }),
    ).toEqual([
      { path: "done", message: 'Expected true or false (or the strings "true", "false"); got "yes".' },
    ]);
  });
});

describe("find_cards number", () => {
  it('takes 3, "3" and "#3"', async () => {
    const { owner, card, client } = await team();
    for (const number of [String(card.number), `%23${card.number}`]) {
      const res = await owner.api.get(`/projects/${card.project_id}/cards?number=${number}`);
      expect(res.status).toBe(200);
      expect(res.body.data.map((found: { id: string }) => found.id)).toEqual([card.id]);
    }
    for (const number of [card.number, `#${card.number}`]) {
      const result = await callTool(client, "find_cards", { project_id: card.project_id, number });
      expect(result.isError).toBeFalsy();
      expect(
        (result.structuredContent as { data: Array<{ id: string }> }).data.map((found) => found.id),
      ).toEqual([card.id]);
    }
  });
});

describe("conflicts name the field and the existing id", () => {
  it("a second label or column of the same name", async () => {
    const { owner, project, client } = await team();
    const label = (await owner.api.post(`/projects/${project.id}/labels`, { name: "bug" })).body;
    const again = await owner.api.post(`/projects/${project.id}/labels`, { name: "bug" });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: "conflict",
      message: `A label named "bug" already exists in this project (label_id ${label.id}): use it or choose another name.`,
      details: [{ path: "name", message: `Taken by label_id ${label.id}.` }],
    });
    const column = (await owner.api.post(`/projects/${project.id}/columns`, { name: "Review" })).body;
    const error = toolError(
      await callTool(client, "create_column", { project_id: project.id, name: "Review" }),
    );
    expect(error).toMatchObject({
      code: "conflict",
      details: [{ path: "name", message: `Taken by column_id ${column.id}.` }],
    });
  });
});
