// The trash through MCP tools (delete_card, list_trash, restore_card, empty_trash): what an agent
// sees, and errors that say what to do next when it passes a wrong id or lacks the role.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { addMember, makeBoard, makeCard, makeUser } from "../src/testing/fixtures.ts";
import { callTool, listenMcp, okTool, toolError } from "./helpers/mcp.ts";

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

const connect = (token: string): Promise<Client> => mcp.connect(token, { query: "?toolsets=cards" });

describe("the trash over MCP", () => {
  it("delete_card, list_trash, restore_card and empty_trash as tools", async () => {
    const { owner, project, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id, { title: "Agent's draft" });
    const agent = await connect(owner.token);

    await okTool(agent, "delete_card", { card_id: card.id });
    const board = await okTool<{ data: Array<{ cards: unknown[] }> }>(agent, "find_cards", {
      project_id: project.id,
    });
    expect(board.data).toEqual([]);
    const trash = await okTool<{ data: Array<{ id: string; deleted_by: string }> }>(agent, "list_trash", {
      project_id: project.id,
    });
    expect(trash.data).toEqual([expect.objectContaining({ id: card.id, deleted_by: owner.user.id })]);

    const restored = await okTool<{ id: string; title: string }>(agent, "restore_card", { card_id: card.id });
    expect(restored).toMatchObject({ id: card.id, title: "Agent's draft" });
    expect((await okTool<{ id: string }>(agent, "get_card", { card_id: card.id })).id).toBe(card.id);

    await okTool(agent, "delete_card", { card_id: card.id });
    expect(await okTool(agent, "empty_trash", { project_id: project.id })).toEqual({ deleted_count: 1 });
  });

  it("wrong ids and missing roles say what to do next", async () => {
    const { owner, project, column } = await makeBoard(t);
    const member = await makeUser(t);
    await addMember(owner.api, project.id, member, "member");
    const card = await makeCard(owner.api, column.id);
    const agent = await connect(member.token);

    // Someone else's card: forbidden, naming who may and the alternative.
    const forbidden = toolError(await callTool(agent, "delete_card", { card_id: card.id }));
    expect(forbidden).toEqual({
      code: "forbidden",
      message:
        "Only the card's creator or a project admin or owner may delete this card; archive_card files it away instead.",
    });

    await owner.api.delete(`/cards/${card.id}`);
    // Reading a trashed card: where it went and how to bring it back.
    const trashed = toolError(await callTool(agent, "get_card", { card_id: card.id }));
    expect(trashed).toEqual({
      code: "not_found",
      message:
        "The card is in the project's trash: restore_card brings it back (list_trash lists the trash).",
    });
    // A card number instead of an id: restore_card points at list_trash, where deleted cards' ids are.
    const byNumber = toolError(await callTool(agent, "restore_card", { card_id: `#${card.number}` }));
    expect(byNumber.code).toBe("not_found");
    expect(byNumber.message).toBe(
      "Card in the trash not found: card_id takes an id (a UUID), not a number or a name. " +
        "Use list_trash to get a card_id (HTTP: GET /projects/{project_id}/trash).",
    );
    const stale = toolError(
      await callTool(agent, "restore_card", { card_id: "0192f0c1-0000-7000-8000-000000000000" }),
    );
    expect(stale.message).toBe(
      "Card in the trash not found. Use list_trash to get a card_id (HTTP: GET /projects/{project_id}/trash).",
    );
    // Emptying the trash needs admin.
    const refused = toolError(await callTool(agent, "empty_trash", { project_id: project.id }));
    expect(refused).toEqual({ code: "forbidden", message: "This needs the admin role or higher." });
    // A project name for project_id: the usual finder.
    const byName = toolError(await callTool(agent, "list_trash", { project_id: "Project" }));
    expect(byName.message).toMatch(/^Project not found: project_id takes an id .* Use list_projects/);
  });
});
