// Safe retries: a write with an Idempotency-Key (MCP: idempotency_key) acts once per user and key,
// over HTTP and MCP, for concurrent duplicates and across two instances on one database; column
// and label names are unique per project.
import type { Card } from "@org/contracts";
import { createTestDatabase, type TestDatabase } from "@org/db/testing";
import request from "supertest";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { addMember, makeBoard, makeCard, makeColumn, makeUser } from "../src/testing/fixtures.ts";
import { startLiveInstance } from "../src/testing/live.ts";
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

const post = (token: string, path: string, body: object, key?: string) => {
  const req = request(t.app).post(`/api/v1${path}`).set("Authorization", `Bearer ${token}`);
  return (key === undefined ? req : req.set("Idempotency-Key", key)).send(body);
};

async function cardTitles(token: string, projectId: string): Promise<string[]> {
  const res = await request(t.app)
    .get(`/api/v1/projects/${projectId}/cards?limit=200`)
    .set("Authorization", `Bearer ${token}`);
  expect(res.status).toBe(200);
  return (res.body as { data: Card[] }).data.map((card) => card.title);
}

describe("Idempotency-Key over HTTP", () => {
  it("a retried create answers the first card (201, same body) with Idempotent-Replayed and makes no second card", async () => {
    const { owner, project, column } = await makeBoard(t);
    const first = await post(owner.token, `/columns/${column.id}/cards`, { title: "Parser" }, "retry-1");
    expect(first.status).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await post(owner.token, `/columns/${column.id}/cards`, { title: "Parser" }, "retry-1");
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await cardTitles(owner.token, project.id)).toEqual(["Parser"]);
  });

  it("the same key with another body or path is 422 idempotency_key reused; another user's key is theirs", async () => {
    const { owner, project, column } = await makeBoard(t);
    const other = await makeUser(t);
    await addMember(owner.api, project.id, other, "member");
    expect((await post(owner.token, `/columns/${column.id}/cards`, { title: "A" }, "k")).status).toBe(201);

    const otherBody = await post(owner.token, `/columns/${column.id}/cards`, { title: "B" }, "k");
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.error).toMatchObject({
      code: "validation_failed",
      message: "idempotency_key reused",
      details: [{ path: "Idempotency-Key", message: expect.stringContaining("idempotency_key reused") }],
    });
    const otherPath = await post(owner.token, `/projects/${project.id}/columns`, { name: "A" }, "k");
    expect(otherPath.status).toBe(422);

    // Keys are per user: the other member's "k" is a new request.
    const theirs = await post(other.token, `/columns/${column.id}/cards`, { title: "B" }, "k");
    expect(theirs.status).toBe(201);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect((await cardTitles(owner.token, project.id)).sort()).toEqual(["A", "B"]);
  });

  it("ten concurrent duplicates act once and all answer the same card", async () => {
    const { owner, project, column } = await makeBoard(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(owner.token, `/columns/${column.id}/cards`, { title: "Once" }, "burst"),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((res) => (res.body as Card).id)).size).toBe(1);
    expect(answers.filter((res) => res.headers["idempotent-replayed"] === "true")).toHaveLength(9);
    expect(await cardTitles(owner.token, project.id)).toEqual(["Once"]);
  });

  it("refuses a key that is empty, too long or not visible ASCII", async () => {
    const { owner, column } = await makeBoard(t);
    for (const key of ["", "a".repeat(256), "has space", "clé"]) {
      const res = await request(t.app)
        .post(`/api/v1/columns/${column.id}/cards`)
        .set("Authorization", `Bearer ${owner.token}`)
        .set("Idempotency-Key", key)
        .send({ title: "x" });
      expect(res.status).toBe(422);
      expect(res.body.error.details[0].path).toBe("Idempotency-Key");
    }
    expect(
      (await post(owner.token, `/columns/${column.id}/cards`, { title: "x" }, "a".repeat(255))).status,
    ).toBe(201);
  });

  it("a delete replays its 204; a failed request stores nothing and its retry runs", async () => {
    const { owner, project, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id, { title: "Doomed" });
    const del = () =>
      request(t.app)
        .delete(`/api/v1/cards/${card.id}`)
        .set("Authorization", `Bearer ${owner.token}`)
        .set("Idempotency-Key", "del-1");
    expect((await del()).status).toBe(204);
    const replay = await del();
    expect(replay.status).toBe(204);
    expect(replay.headers["idempotent-replayed"]).toBe("true");

    // A conflict acted on nothing: the same key runs again once the name is free.
    const taken = await post(owner.token, `/projects/${project.id}/columns`, { name: "Todo" }, "col-1");
    expect(taken.status).toBe(409);
    await request(t.app)
      .patch(`/api/v1/columns/${column.id}`)
      .set("Authorization", `Bearer ${owner.token}`)
      .send({ name: "Later" })
      .expect(200);
    const retried = await post(owner.token, `/projects/${project.id}/columns`, { name: "Todo" }, "col-1");
    expect(retried.status).toBe(201);
    expect(retried.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("a retried move answers the first move (its card as written) and moves once: one card.moved, positions kept", async () => {
    const { owner, project, column } = await makeBoard(t);
    const done = await makeColumn(owner.api, project.id, { name: "Done" });
    const card = await makeCard(owner.api, column.id, { title: "Moved once" });
    await makeCard(owner.api, done.id, { title: "Already done" });
    const move = () =>
      post(owner.token, `/cards/${card.id}/move`, { to_column_id: done.id, position: 0 }, "mv-1");
    const first = await move();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: card.id, column_id: done.id, position: 0 });
    // Someone moves it back meanwhile: the retry replays the first answer, it does not move it again.
    await owner.api.post(`/cards/${card.id}/move`, { to_column_id: column.id }).expect(200);
    const again = await move();
    expect(again.status).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual(first.body);
    expect((await owner.api.get(`/cards/${card.id}`).expect(200)).body.column_id).toBe(column.id);
    const feed = (await owner.api.get(`/projects/${project.id}/events?limit=200`).expect(200)).body as {
      data: Array<{ type: string }>;
    };
    expect(feed.data.filter((event) => event.type === "card.moved")).toHaveLength(2);
  });

  it("a retried upload answers the first attachment and keeps one file", async () => {
    const { owner, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    const upload = () =>
      request(t.app)
        .post(`/api/v1/cards/${card.id}/attachments`)
        .set("Authorization", `Bearer ${owner.token}`)
        .set("Idempotency-Key", "up-1")
        .attach("file", Buffer.from("hello"), "hello.txt");
    const first = await upload();
    expect(first.status).toBe(201);
    const again = await upload();
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body.id).toBe(first.body.id);
    const list = await owner.api.get(`/cards/${card.id}/attachments`);
    expect(list.body.data).toHaveLength(1);
  });
});

describe("idempotency_key over MCP", () => {
  it("create_card and claim_next_card retried with a key: one card, one lease, the first answer", async () => {
    const { owner, project, column } = await makeBoard(t);
    const agent = await makeUser(t);
    await addMember(owner.api, project.id, agent, "member");
    const client = await mcp.connect(agent.token, { query: "?toolsets=core" });

    const tools = await client.listTools();
    const createTool = tools.tools.find((tool) => tool.name === "create_card")!;
    expect(createTool.inputSchema.properties).toHaveProperty("idempotency_key");
    const readTool = tools.tools.find((tool) => tool.name === "get_card")!;
    expect(readTool.inputSchema.properties).not.toHaveProperty("idempotency_key");

    const args = { column_id: column.id, title: "Agent work", owner_type: "agent", idempotency_key: "mcp-1" };
    const first = await callTool(client, "create_card", args);
    const again = await callTool(client, "create_card", args);
    expect(again.isError).toBeFalsy();
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(again._meta).toEqual({ idempotent_replayed: true });
    // The same key over HTTP with the same request replays too.
    const viaHttp = await post(
      agent.token,
      `/columns/${column.id}/cards`,
      { title: "Agent work", owner_type: "agent" },
      "mcp-1",
    );
    expect(viaHttp.headers["idempotent-replayed"]).toBe("true");
    await makeCard(owner.api, column.id, { title: "Second", owner_type: "agent" });

    const claimed = await okTool<Card>(client, "claim_next_card", {
      project_id: project.id,
      idempotency_key: "claim-1",
    });
    const reclaimed = await okTool<Card>(client, "claim_next_card", {
      project_id: project.id,
      idempotency_key: "claim-1",
    });
    expect(reclaimed.id).toBe(claimed.id);
    const cards = (await owner.api.get(`/projects/${project.id}/cards?limit=200`)).body.data as Card[];
    expect(cards.filter((card) => card.claimed_by === agent.user.id)).toHaveLength(1);

    const reused = toolError(await callTool(client, "create_card", { ...args, title: "Something else" }));
    expect(reused).toMatchObject({ code: "validation_failed", details: [{ path: "idempotency_key" }] });
    for (const wrong of ["", "with space", 8, null, { a: 1 }, ["k"], true]) {
      const bad = toolError(await callTool(client, "create_card", { ...args, idempotency_key: wrong }));
      expect({ wrong, code: bad.code, path: bad.details?.[0]?.path }).toEqual({
        wrong,
        code: "validation_failed",
        path: "idempotency_key",
      });
    }
  });
});

describe("unique names", () => {
  it("a second column or label with a taken name is 409 naming the existing id", async () => {
    const { owner, project, column } = await makeBoard(t);
    const twin = await owner.api.post(`/projects/${project.id}/columns`, { name: "Todo" });
    expect(twin.status).toBe(409);
    expect(twin.body.error.message).toContain(column.id);
    const other = await makeColumn(owner.api, project.id, { name: "Review" });
    const rename = await owner.api.patch(`/columns/${other.id}`, { name: "Todo" });
    expect(rename.status).toBe(409);
    expect(rename.body.error.message).toContain(column.id);
    // Renaming a column to its own name is no conflict.
    expect((await owner.api.patch(`/columns/${column.id}`, { name: "Todo" })).status).toBe(200);

    const label = await owner.api.post(`/projects/${project.id}/labels`, { name: "bug", color: "#ff0000" });
    expect(label.status).toBe(201);
    const labelTwin = await owner.api.post(`/projects/${project.id}/labels`, {
      name: "bug",
      color: "#00ff00",
    });
    expect(labelTwin.status).toBe(409);
    expect(labelTwin.body.error.message).toBe(
      `A label named "bug" already exists in this project (label_id ${label.body.id}): use it or choose another name.`,
    );
    // Another project may use the same names.
    const elsewhere = await makeBoard(t);
    expect((await makeColumn(elsewhere.owner.api, elsewhere.project.id, { name: "Review" })).name).toBe(
      "Review",
    );
  });
});

describe("across instances", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it("duplicates sent to two instances at once act once", async () => {
    const a = await startLiveInstance(database, { ownDb: true });
    const b = await startLiveInstance(database, { ownDb: true });
    try {
      const { owner, project, column } = await makeBoard(a);
      const send = (url: string) =>
        request(url)
          .post(`/api/v1/columns/${column.id}/cards`)
          .set("Authorization", `Bearer ${owner.token}`)
          .set("Idempotency-Key", "two-instances")
          .send({ title: "Shared" });
      const answers = await Promise.all([send(a.url), send(b.url), send(a.url), send(b.url)]);
      expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(answers.map((res) => (res.body as Card).id)).size).toBe(1);
      const list = await request(b.url)
        .get(`/api/v1/projects/${project.id}/cards`)
        .set("Authorization", `Bearer ${owner.token}`);
      expect((list.body as { data: Card[] }).data.map((card) => card.title)).toEqual(["Shared"]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
