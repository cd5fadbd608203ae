// Errors an agent can act on: a refusal because of someone else's claim names the holder and when
// the lease ends; a not_found names the operation (MCP tool and HTTP route) that gives such ids.
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import {
  addMember,
  makeBoard,
  makeCard,
  makeColumn,
  makeProject,
  makeUser,
} from "../src/testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function teamBoard() {
  const board = await makeBoard(t);
  const holder = await makeUser(t, { name: "Ada Holder" });
  const other = await makeUser(t);
  await addMember(board.owner.api, board.project.id, holder, "member");
  await addMember(board.owner.api, board.project.id, other, "member");
  const handle = (await holder.api.get("/me")).body.handle as string;
  return { ...board, holder, other, handle };
}

describe("someone else's claim", () => {
  it("claim, release and handoff name the holder and the lease end", async () => {
    const { column, holder, other, handle } = await teamBoard();
    const card = await makeCard(holder.api, column.id);
    const claimed = await holder.api.post(`/cards/${card.id}/claim`, { lease_seconds: 600 });
    const held = `claimed by Ada Holder (@${handle}, user_id ${holder.user.id}) until ${claimed.body.claim_expires_at}`;

    const claim = await other.api.post(`/cards/${card.id}/claim`);
    expect(claim.status).toBe(409);
    expect(claim.body).toEqual({
      error: {
        code: "conflict",
        message: `The card is ${held}; the lease is free again when it runs out (or when they release it).`,
      },
    });
    const release = await other.api.delete(`/cards/${card.id}/claim`);
    expect(release.status).toBe(403);
    expect(release.body.error.message).toBe(`The card is ${held}; only they or an admin can release it.`);
    const handoff = await other.api.post(`/cards/${card.id}/handoff`, { note: "mine now" });
    expect(handoff.status).toBe(403);
    expect(handoff.body.error.message).toBe(`The card is ${held}; only they or an admin can hand it off.`);
  });

  it("an unsatisfied entry gate names the tools that show and ack it", async () => {
    const { owner, project, column, other } = await teamBoard();
    await owner.api.post(`/projects/${project.id}/gate-criteria`, { text: "Spec agreed" });
    const card = await makeCard(owner.api, column.id);
    const res = await other.api.post(`/cards/${card.id}/claim`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      "The card's entry gate is not satisfied: get_card_gate (GET /cards/{card_id}/gate) lists its " +
        "criteria; ack them with ack_gate_criterion.",
    );
  });
});

describe("not_found names where the ids come from", () => {
  it("for unknown ids and for numbers given as ids", async () => {
    const { owner, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    const unknown = "0190c1d2-5b1e-7c3a-9f00-1a2b3c4d5e6f";
    const message = async (path: string) => {
      const res = await owner.api.get(path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
      return res.body.error.message as string;
    };
    expect(await message(`/cards/${unknown}`)).toBe(
      "Card not found. Use find_cards or list_my_cards to get a card_id " +
        "(HTTP: GET /projects/{project_id}/cards, GET /me/cards).",
    );
    expect(await message(`/cards/${card.number}`)).toMatch(
      /^Card not found: card_id takes an id \(a UUID\), not a number or a name\. Use find_cards/,
    );
    expect(await message(`/projects/${unknown}/cards`)).toBe(
      "Project not found. Use list_projects to get a project_id (HTTP: GET /projects).",
    );
    const comment = await owner.api.delete(`/comments/${unknown}`);
    expect(comment.body.error.message).toBe(
      "Comment not found. Use list_comments to get a comment_id (HTTP: GET /cards/{card_id}/comments).",
    );
    const label = await owner.api.patch(`/labels/${unknown}`, { name: "x" });
    expect(label.body.error.message).toBe(
      "Label not found. Use list_labels to get a label_id (HTTP: GET /projects/{project_id}/labels).",
    );
  });
});

describe("a body id of the wrong object names where the right ones come from", () => {
  it("members, priorities, columns and labels", async () => {
    const { owner, column } = await makeBoard(t);
    const stranger = await makeUser(t);
    const elsewhere = await makeProject(owner.api, { name: "Elsewhere" });
    const foreignColumn = await makeColumn(owner.api, elsewhere.id);
    const foreignLabel = (await owner.api.post(`/projects/${elsewhere.id}/labels`, { name: "x" })).body;
    const foreignPriority = (await owner.api.post(`/projects/${elsewhere.id}/priorities`, { name: "P0" }))
      .body;
    const details = async (res: Promise<{ status: number; body: { error: { details: unknown } } }>) => {
      const { status, body } = await res;
      expect(status).toBe(422);
      return body.error.details;
    };
    expect(
      await details(
        owner.api.post(`/columns/${column.id}/cards`, {
          title: "x",
          assignee_id: stranger.user.id,
          priority_id: foreignPriority.id,
        }),
      ),
    ).toEqual([
      { path: "assignee_id", message: "Not a member of the project (list_members has them)." },
      { path: "priority_id", message: "Not a priority of the project (list_priorities has them)." },
    ]);
    const card = await makeCard(owner.api, column.id);
    expect(
      await details(owner.api.post(`/cards/${card.id}/move`, { to_column_id: foreignColumn.id })),
    ).toEqual([
      { path: "to_column_id", message: "Not a column of the card's project (list_columns has them)." },
    ]);
    expect(await details(owner.api.post(`/cards/${card.id}/labels`, { label_id: foreignLabel.id }))).toEqual([
      { path: "label_id", message: "Not a label of the card's project (list_labels has them)." },
    ]);
    expect(
      await details(owner.api.post(`/cards/${card.id}/handoff`, { note: "x", to_user_id: stranger.user.id })),
    ).toEqual([{ path: "to_user_id", message: "Not a member of the project (list_members has them)." }]);
  });
});
