import { createTestDatabase, type TestDatabase } from "@org/db/testing";
import { connect, startLiveInstance, testRedisUrl, type LiveInstance } from "../src/testing/live.ts";
import { addMember, makeBoard, makeCard, makeColumn, makeUser } from "../src/testing/fixtures.ts";

let database: TestDatabase;
let single: LiveInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  single = await startLiveInstance(database);
});
afterAll(async () => {
  await single.close();
  await database.drop();
});

describe("live events", () => {
  it("a member's client gets its project's card, claim and attention events, nothing of other projects", async () => {
    const { owner, project, column } = await makeBoard(single);
    const agent = await makeUser(single);
    await addMember(owner.api, project.id, agent, "member");
    const otherBoard = await makeBoard(single);
    await addMember(otherBoard.owner.api, otherBoard.project.id, agent, "member");

    const client = await connect(single.url, agent.token);
    try {
      expect(await client.join(project.id)).toEqual({ ok: true, project_id: project.id });

      // Changes in a project the client did not join (though it could) never reach it.
      await makeCard(otherBoard.owner.api, otherBoard.column.id, { title: "elsewhere" });

      const card = await makeCard(owner.api, column.id, { title: "Live", owner_type: "agent" });
      const created = await client.waitFor("card.created");
      expect(created).toEqual({
        type: "card.created",
        project_id: project.id,
        actor_id: owner.user.id,
        at: expect.any(String),
        data: { card },
      });

      const doing = await makeColumn(owner.api, project.id, { name: "Doing" });
      const moved = (await owner.api.post(`/cards/${card.id}/move`, { to_column_id: doing.id, position: 0 }))
        .body;
      expect((await client.waitFor("card.moved")).data).toEqual({ card: moved, from_column_id: column.id });

      const claimed = (await agent.api.post(`/projects/${project.id}/claim-next`)).body;
      const claimEvent = await client.waitFor("card.claimed");
      expect(claimEvent).toMatchObject({ actor_id: agent.user.id, data: { card: claimed, renewed: false } });

      const attention = (await agent.api.post(`/cards/${card.id}/attention`, { note: "here" })).body;
      expect((await client.waitFor("attention.changed")).data).toEqual({ user_id: agent.user.id, attention });

      await owner.api.post(`/cards/${card.id}/comments`, { body: "hello" });
      await client.waitFor("comment.created");
      expect(client.received.map((event) => event.type)).toEqual([
        "card.created",
        "column.created",
        "card.moved",
        "card.claimed",
        "attention.changed",
        "comment.created",
      ]);
      expect(client.received.every((event) => event.project_id === project.id)).toBe(true);
    } finally {
      client.close();
    }
  });

  it("a member's client hears labels made, renamed, put on and off a card, and deleted; the feed lists them", async () => {
    const { owner, project, column } = await makeBoard(single);
    const viewer = await makeUser(single);
    await addMember(owner.api, project.id, viewer, "viewer");
    const card = await makeCard(owner.api, column.id, { title: "Labelled" });
    const client = await connect(single.url, viewer.token);
    try {
      expect(await client.join(project.id)).toEqual({ ok: true, project_id: project.id });
      const nth = (type: string, n: number) => nthEvent(client, type, n);

      const bug = (await owner.api.post(`/projects/${project.id}/labels`, { name: "bug" }).expect(201)).body;
      expect(await client.waitFor("label.created")).toEqual({
        type: "label.created",
        project_id: project.id,
        actor_id: owner.user.id,
        at: expect.any(String),
        data: { label: bug },
      });

      const renamed = (
        await owner.api.patch(`/labels/${bug.id}`, { name: "defect", color: "#dc2626" }).expect(200)
      ).body;
      expect(renamed).toMatchObject({ id: bug.id, name: "defect", color: "#dc2626" });
      expect((await client.waitFor("label.updated")).data).toEqual({ label: renamed });

      // Put on: the card as read after the change; again: nothing changed, nothing heard.
      await owner.api.post(`/cards/${card.id}/labels`, { label_id: bug.id }).expect(201);
      const on = (await nth("card.updated", 1)).data.card as { id: string; labels: unknown[] };
      // get_card adds the card's plan and blockers to what the event carries.
      expect((await owner.api.get(`/cards/${card.id}`).expect(200)).body).toMatchObject(on);
      expect(on.labels).toEqual([{ id: bug.id, name: "defect", color: "#dc2626" }]);
      await owner.api.post(`/cards/${card.id}/labels`, { label_id: bug.id }).expect(201);

      await owner.api.delete(`/cards/${card.id}/labels/${bug.id}`).expect(204);
      const off = (await nth("card.updated", 2)).data.card as { id: string; labels: unknown[] };
      expect(off).toMatchObject({ id: card.id, labels: [] });

      await owner.api.post(`/cards/${card.id}/labels`, { label_id: bug.id }).expect(201);
      await owner.api.delete(`/labels/${bug.id}`).expect(204);
      expect(await client.waitFor("label.deleted")).toMatchObject({
        actor_id: owner.user.id,
        data: { label_id: bug.id },
      });
      const heard = [
        "label.created",
        "label.updated",
        "card.updated",
        "card.updated",
        "card.updated",
        "label.deleted",
      ];
      expect(client.received.map((event) => event.type)).toEqual(heard);

      // The durable feed has the same, after the board's own beginnings.
      const feed = (await viewer.api.get(`/projects/${project.id}/events`).expect(200)).body as {
        data: Array<{ type: string; data: unknown }>;
      };
      expect(feed.data.map((event) => event.type)).toEqual(["column.created", "card.created", ...heard]);
      expect(feed.data.map((event) => event.data)).toEqual([
        expect.anything(),
        expect.anything(),
        ...client.received.map((event) => event.data),
      ]);
    } finally {
      client.close();
    }
  });

  it("a member's client hears priorities made, renamed, moved and deleted (off its cards, no card event); the feed lists them", async () => {
    const { owner, project, column } = await makeBoard(single);
    const viewer = await makeUser(single);
    await addMember(owner.api, project.id, viewer, "viewer");
    const client = await connect(single.url, viewer.token);
    try {
      expect(await client.join(project.id)).toEqual({ ok: true, project_id: project.id });
      const nth = (type: string, n: number) => nthEvent(client, type, n);

      const urgent = (
        await owner.api
          .post(`/projects/${project.id}/priorities`, { name: "Urgent", color: "#dc2626" })
          .expect(201)
      ).body;
      expect(await client.waitFor("priority.created")).toEqual({
        type: "priority.created",
        project_id: project.id,
        actor_id: owner.user.id,
        at: expect.any(String),
        data: { priority: urgent },
      });
      const low = (await owner.api.post(`/projects/${project.id}/priorities`, { name: "Low" }).expect(201))
        .body;
      expect((await nth("priority.created", 2)).data).toEqual({ priority: low });
      expect(low).toMatchObject({ position: 1, color: null });
      const card = await makeCard(owner.api, column.id, { title: "Pressing", priority_id: urgent.id });

      const renamed = (
        await owner.api.patch(`/priorities/${urgent.id}`, { name: "Now", color: "#ea580c" }).expect(200)
      ).body;
      expect(renamed).toMatchObject({ id: urgent.id, name: "Now", color: "#ea580c", position: 0 });
      expect((await client.waitFor("priority.updated")).data).toEqual({ priority: renamed });

      // A move is one event, of the moved rung at its new place; the other moved to make room.
      const moved = (await owner.api.patch(`/priorities/${low.id}`, { position: 0 }).expect(200)).body;
      expect((await nth("priority.updated", 2)).data).toEqual({ priority: moved });
      expect(moved).toMatchObject({ id: low.id, position: 0 });
      const ladder = (await owner.api.get(`/projects/${project.id}/priorities`).expect(200)).body.data;
      expect(ladder.map((rung: { id: string; position: number }) => [rung.id, rung.position])).toEqual([
        [low.id, 0],
        [urgent.id, 1],
      ]);

      // Deleted: gone from the card that carried it, with no card event.
      await owner.api.delete(`/priorities/${urgent.id}`).expect(204);
      expect(await client.waitFor("priority.deleted")).toMatchObject({
        actor_id: owner.user.id,
        data: { priority_id: urgent.id },
      });
      expect((await owner.api.get(`/cards/${card.id}`).expect(200)).body).toMatchObject({
        priority_id: null,
        updated_at: card.updated_at,
      });
      expect((await owner.api.get(`/projects/${project.id}/priorities`).expect(200)).body.data).toEqual([
        moved,
      ]);
      const heard = [
        "priority.created",
        "priority.created",
        "card.created",
        "priority.updated",
        "priority.updated",
        "priority.deleted",
      ];
      expect(client.received.map((event) => event.type)).toEqual(heard);

      // The durable feed has the same, after the board's own beginning.
      const feed = (await viewer.api.get(`/projects/${project.id}/events`).expect(200)).body as {
        data: Array<{ type: string; data: unknown }>;
      };
      expect(feed.data.map((event) => event.type)).toEqual(["column.created", ...heard]);
      expect(feed.data.slice(1).map((event) => event.data)).toEqual(
        client.received.map((event) => event.data),
      );
    } finally {
      client.close();
    }
  });

  it("refuses an invalid token and a join of a project the user is not a member of", async () => {
    await expect(connect(single.url, "bt_not-a-token")).rejects.toThrow("unauthenticated");
    await expect(connect(single.url, "")).rejects.toThrow("unauthenticated");

    const { owner, project, column } = await makeBoard(single);
    const outsider = await makeUser(single);
    const client = await connect(single.url, outsider.token);
    try {
      expect(await client.join(project.id)).toEqual({
        error: { code: "not_found", message: "Project not found." },
      });
      expect(await client.join("not-an-id")).toEqual({
        error: { code: "not_found", message: "Project not found." },
      });
      await makeCard(owner.api, column.id);
      // Give a wrongly delivered event time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(client.received).toEqual([]);
    } finally {
      client.close();
    }
  });

  it("with Redis, a change made through instance A reaches a client of instance B", async () => {
    const a = await startLiveInstance(database, { redisUrl: testRedisUrl });
    const b = await startLiveInstance(database, { redisUrl: testRedisUrl });
    try {
      const { owner, project, column } = await makeBoard(a);
      const client = await connect(b.url, owner.token);
      try {
        expect(await client.join(project.id)).toMatchObject({ ok: true });
        const card = await makeCard(owner.api, column.id, { title: "via A" });
        const event = await client.waitFor("card.created");
        expect(event).toEqual({
          type: "card.created",
          project_id: project.id,
          actor_id: owner.user.id,
          at: expect.any(String),
          data: { card },
        });
      } finally {
        client.close();
      }
    } finally {
      await a.close();
      await b.close();
    }
  });
});

/** The `n`th (from 1) event of `type` the client got, waiting for it. */
async function nthEvent(client: Awaited<ReturnType<typeof connect>>, type: string, n: number) {
  for (const deadline = Date.now() + 5000; Date.now() < deadline;) {
    const found = client.received.filter((event) => event.type === type)[n - 1];
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${type} number ${n}`);
}
