// A grant limited to chosen projects (the consent screen's choice) sees only those, everywhere:
// project lists, the board, cards, search, my cards, notifications, the event feed, webhooks,
// sockets and MCP tools. A project outside the grant answers not_found as if it did not exist.
import { createTestDatabase, type TestDatabase } from "@org/db/testing";
import request from "supertest";
import { addMember, client, makeCard, makeColumn, makeProject, makeUser } from "../src/testing/fixtures.ts";
import { connect, startLiveInstance, type LiveInstance } from "../src/testing/live.ts";
import { callTool, listenMcp, okTool, toolError } from "./helpers/mcp.ts";
import { grantTokens, OAUTH_REDIRECT, pkce, webSessionOf } from "./helpers/oauth.ts";

const PUBLIC_URL = "http://localhost:4000";

let database: TestDatabase;
let live: LiveInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  live = await startLiveInstance(database, { env: { PUBLIC_URL } });
});
afterAll(async () => {
  await live.close();
  await database.drop();
});

/** Ada has projects Alpha and Beta, each with a column and a card assigned to her. */
async function adaWithTwoProjects() {
  const ada = await makeUser(live);
  const alpha = await makeProject(ada.api, { name: "Alpha" });
  const beta = await makeProject(ada.api, { name: "Beta" });
  const alphaColumn = await makeColumn(ada.api, alpha.id, { name: "Todo" });
  const betaColumn = await makeColumn(ada.api, beta.id, { name: "Todo" });
  const alphaCard = await makeCard(ada.api, alphaColumn.id, {
    title: "Alpha work",
    assignee_id: ada.user.id,
  });
  const betaCard = await makeCard(ada.api, betaColumn.id, { title: "Beta work", assignee_id: ada.user.id });
  const session = await webSessionOf(database.db, ada.user.id);
  return { ada, session, alpha, beta, alphaColumn, betaColumn, alphaCard, betaCard };
}

describe("the consent's project limit", () => {
  it("records the chosen projects, and Connected apps names them", async () => {
    const { ada, session, alpha } = await adaWithTwoProjects();
    await grantTokens(live.app, session, { resource: `${PUBLIC_URL}/api/v1`, projectIds: [alpha.id] });
    const grants = (await ada.api.get("/me/grants")).body.data;
    expect(grants).toEqual([
      expect.objectContaining({ project_ids: [alpha.id], projects: [{ id: alpha.id, name: "Alpha" }] }),
    ]);
  });

  it("refuses an empty list and projects the person is not a member of, granting nothing", async () => {
    const { ada, session, alpha } = await adaWithTwoProjects();
    const other = await makeUser(live);
    const theirs = await makeProject(other.api, { name: "Theirs" });
    const registered = await request(live.app)
      .post("/oauth/register")
      .send({ client_name: "Test host", redirect_uris: ["http://127.0.0.1/callback"] });
    const query = {
      response_type: "code",
      client_id: registered.body.client_id,
      redirect_uri: OAUTH_REDIRECT,
      code_challenge: pkce().challenge,
      code_challenge_method: "S256",
      state: "st",
      resource: `${PUBLIC_URL}/mcp`,
      scope: "board:read",
    };
    for (const projectIds of [[], [theirs.id], [alpha.id, theirs.id], ["not-an-id"], "all"]) {
      const res = await request(live.app)
        .post("/app/auth/oauth/authorize")
        .set("Cookie", session.cookie)
        .set("X-CSRF-Token", session.csrf)
        .send({ query, approve: true, project_ids: projectIds });
      expect([projectIds, res.status, res.body.error?.code]).toEqual([projectIds, 422, "validation_failed"]);
    }
    expect(await database.db.oAuthGrant.count({ where: { userId: ada.user.id } })).toBe(0);
  });
});

describe("a token of a grant limited to one project, over HTTP", () => {
  let board: Awaited<ReturnType<typeof adaWithTwoProjects>>;
  let app: ReturnType<typeof client>;
  beforeAll(async () => {
    board = await adaWithTwoProjects();
    const pair = await grantTokens(live.app, board.session, {
      resource: `${PUBLIC_URL}/api/v1`,
      projectIds: [board.alpha.id],
    });
    app = client(live, pair.access_token);
  });

  it("lists only that project, and my cards only its cards", async () => {
    const projects = await app.get("/projects");
    expect(projects.body.data.map((project: { name: string }) => project.name)).toEqual(["Alpha"]);
    const mine = await app.get("/me/cards");
    expect(mine.body.data.map((card: { title: string }) => card.title)).toEqual(["Alpha work"]);
    // The person's own API token still sees both.
    expect((await board.ada.api.get("/projects")).body.data).toHaveLength(2);
    expect((await board.ada.api.get("/me/cards")).body.data).toHaveLength(2);
  });

  it("reads and writes inside the project", async () => {
    const { alpha, alphaColumn, alphaCard } = board;
    expect((await app.get(`/projects/${alpha.id}`)).status).toBe(200);
    expect((await app.get(`/projects/${alpha.id}/columns/summary`)).status).toBe(200);
    expect((await app.get(`/cards/${alphaCard.id}`)).status).toBe(200);
    expect((await app.get(`/projects/${alpha.id}/cards?q=Alpha`)).body.data).toHaveLength(1);
    expect((await app.get(`/projects/${alpha.id}/events`)).status).toBe(200);
    expect((await app.post(`/columns/${alphaColumn.id}/cards`, { title: "By the app" })).status).toBe(201);
  });

  it("answers 404 for everything of the other project, as if it did not exist", async () => {
    const { beta, betaColumn, betaCard } = board;
    const reads = [
      `/projects/${beta.id}`,
      `/projects/${beta.id}/columns`,
      `/projects/${beta.id}/columns/summary`,
      `/projects/${beta.id}/cards?q=Beta`,
      `/projects/${beta.id}/members`,
      `/projects/${beta.id}/labels`,
      `/projects/${beta.id}/events`,
      `/projects/${beta.id}/webhooks`,
      `/projects/${beta.id}/attention`,
      `/cards/${betaCard.id}`,
      `/cards/${betaCard.id}/comments`,
    ];
    // Each of them exists, and answers the person's own API token.
    for (const path of reads) expect([path, (await board.ada.api.get(path)).status]).toEqual([path, 200]);
    const attempts = [
      ...reads.map((path) => app.get(path)),
      app.patch(`/cards/${betaCard.id}`, { title: "changed" }),
      app.post(`/cards/${betaCard.id}/claim`, {}),
      app.post(`/projects/${beta.id}/claim-next`, {}),
      app.post(`/columns/${betaColumn.id}/cards`, { title: "sneaked in" }),
      app.delete(`/projects/${beta.id}`),
    ];
    for (const res of await Promise.all(attempts)) {
      const { method, path } = res.request as unknown as { method: string; path: string };
      expect([method, path, res.status, res.body.error?.code]).toEqual([method, path, 404, "not_found"]);
    }
    const card = await board.ada.api.get(`/cards/${betaCard.id}`);
    expect(card.body.title).toBe("Beta work");
  });

  it("cannot create a project, which would be outside the grant", async () => {
    const res = await app.post("/projects", { name: "Gamma" });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/chosen projects/);
  });

  it("is never answered what another credential was answered under the same idempotency key", async () => {
    const { ada, betaColumn, alphaColumn } = board;
    const key = "shared-key-1";
    const first = await ada.api
      .post(`/columns/${betaColumn.id}/cards`, { title: "Made by the person" })
      .set("Idempotency-Key", key);
    expect(first.status).toBe(201);
    // The same request under the same key, from the limited app: no replay of the Beta card.
    const again = await app
      .post(`/columns/${betaColumn.id}/cards`, { title: "Made by the person" })
      .set("Idempotency-Key", key);
    expect([again.status, again.headers["idempotent-replayed"]]).toEqual([404, undefined]);
    // Its own keys work as before, and stay its own.
    const own = await app
      .post(`/columns/${alphaColumn.id}/cards`, { title: "Once" })
      .set("Idempotency-Key", key);
    const replayed = await app
      .post(`/columns/${alphaColumn.id}/cards`, { title: "Once" })
      .set("Idempotency-Key", key);
    expect([own.status, replayed.status, replayed.headers["idempotent-replayed"]]).toEqual([
      201,
      201,
      "true",
    ]);
    expect(replayed.body.id).toBe(own.body.id);
  });

  it("cannot clear the person's attention record in another project", async () => {
    const { ada, beta, betaCard } = board;
    expect((await ada.api.post(`/cards/${betaCard.id}/attention`, {})).status).toBe(200);
    expect((await app.delete("/attention")).status).toBe(204);
    const records = (await ada.api.get(`/projects/${beta.id}/attention`)).body.data as { card_id: string }[];
    expect(records.map((record) => record.card_id)).toEqual([betaCard.id]);
    expect((await ada.api.delete("/attention")).status).toBe(204);
    expect((await ada.api.get(`/projects/${beta.id}/attention`)).body.data).toEqual([]);
  });

  it("sees notifications of its project only", async () => {
    const { ada, alpha, beta, alphaCard, betaCard } = board;
    const bob = await makeUser(live);
    await addMember(ada.api, alpha.id, bob, "member");
    await addMember(ada.api, beta.id, bob, "member");
    for (const card of [alphaCard, betaCard]) {
      const res = await bob.api.post(`/cards/${card.id}/handoff`, { note: "yours", to_user_id: ada.user.id });
      expect(res.status).toBe(200);
    }
    const all = (await ada.api.get("/me/notifications")).body.data as { project_id: string; id: string }[];
    expect(all.map((n) => n.project_id).sort()).toEqual([alpha.id, beta.id].sort());
    const seen = (await app.get("/me/notifications")).body.data as { project_id: string }[];
    expect(seen.map((n) => n.project_id)).toEqual([alpha.id]);
    const betaNote = all.find((n) => n.project_id === beta.id)!;
    expect((await app.post(`/me/notifications/${betaNote.id}/read`)).status).toBe(404);
    await app.post("/me/notifications/read");
    const after = (await ada.api.get("/me/notifications?unread=true")).body.data as { project_id: string }[];
    expect(after.map((n) => n.project_id)).toEqual([beta.id]);
  });
});

describe("over MCP and sockets", () => {
  it("MCP tools see only the grant's project", async () => {
    const { session, alpha, beta, alphaCard, betaCard } = await adaWithTwoProjects();
    const pair = await grantTokens(live.app, session, {
      resource: `${PUBLIC_URL}/mcp`,
      projectIds: [alpha.id],
    });
    const mcp = await listenMcp(live);
    try {
      const agent = await mcp.connect(pair.access_token, { query: "?toolsets=all" });
      const projects = await okTool<{ data: { id: string }[] }>(agent, "list_projects", {});
      expect(projects.data.map((project) => project.id)).toEqual([alpha.id]);
      const mine = await okTool<{ data: { id: string }[] }>(agent, "list_my_cards", {});
      expect(mine.data.map((card) => card.id)).toEqual([alphaCard.id]);
      expect((await okTool<{ id: string }>(agent, "get_card", { card_id: alphaCard.id })).id).toBe(
        alphaCard.id,
      );
      const calls: Array<[string, Record<string, unknown>]> = [
        ["get_card", { card_id: betaCard.id }],
        ["find_cards", { project_id: beta.id, q: "Beta" }],
        ["get_board", { project_id: beta.id }],
        ["update_card", { card_id: betaCard.id, title: "changed" }],
        ["wait_for_events", { project_id: beta.id }],
      ];
      for (const [name, args] of calls) {
        const error = toolError(await callTool(agent, name, args));
        expect([name, error.code]).toEqual([name, "not_found"]);
      }
    } finally {
      await mcp.close();
    }
  });

  it("a socket joins the grant's project only, and gets only its notifications", async () => {
    const { ada, session, alpha, beta, alphaCard, betaCard, betaColumn } = await adaWithTwoProjects();
    const pair = await grantTokens(live.app, session, {
      resource: `${PUBLIC_URL}/api/v1`,
      projectIds: [alpha.id],
    });
    const socket = await connect(live.url, pair.access_token);
    try {
      expect(await socket.join(beta.id)).toEqual({
        error: { code: "not_found", message: "Project not found." },
      });
      expect(await socket.join(alpha.id)).toEqual({ ok: true, project_id: alpha.id });
      const bob = await makeUser(live);
      await addMember(ada.api, alpha.id, bob, "member");
      await addMember(ada.api, beta.id, bob, "member");
      await makeCard(bob.api, betaColumn.id, { title: "Beta news" });
      await bob.api
        .post(`/cards/${betaCard.id}/handoff`, { note: "beta", to_user_id: ada.user.id })
        .expect(200);
      await bob.api
        .post(`/cards/${alphaCard.id}/handoff`, { note: "alpha", to_user_id: ada.user.id })
        .expect(200);
      const notified = await socket.waitFor("notification.created");
      expect(notified.project_id).toBe(alpha.id);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(socket.received.filter((event) => event.project_id === beta.id)).toEqual([]);
    } finally {
      socket.close();
    }
  });
});
