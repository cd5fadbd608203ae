// The durable event feed: GET /projects/{project_id}/events and MCP wait_for_events read what the
// live events announced, in seq order, wait for the next one (woken across instances), refuse
// non-members, and answer `gone` for an `after` older than what is kept.
import { createTestDatabase, type TestDatabase } from "@org/db/testing";
import request from "supertest";
import { sweepEvents } from "../src/services/event-log.ts";
import { addMember, makeBoard, makeCard, makeColumn, makeUser } from "../src/testing/fixtures.ts";
import { startLiveInstance, type LiveInstance } from "../src/testing/live.ts";
import { listenMcp, okTool } from "./helpers/mcp.ts";

interface EventPage {
  data: Array<{
    seq: string;
    type: string;
    project_id: string;
    actor_id: string;
    at: string;
    data: Record<string, unknown>;
  }>;
  next_after: string;
}

let database: TestDatabase;
let a: LiveInstance;
let b: LiveInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  a = await startLiveInstance(database, { ownDb: true });
  b = await startLiveInstance(database, { ownDb: true });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await database.drop();
});

const events = (instance: LiveInstance, token: string, projectId: string, query = "") =>
  request(instance.url)
    .get(`/api/v1/projects/${projectId}/events${query}`)
    .set("Authorization", `Bearer ${token}`);

describe("event feed", () => {
  it("lists the project's changes in seq order, pages with next_after, and only for members", async () => {
    const { owner, project, column } = await makeBoard(a);
    const card = await makeCard(owner.api, column.id, { title: "First" });
    await owner.api.patch(`/cards/${card.id}`, { title: "Renamed" }).expect(200);
    await owner.api.post(`/cards/${card.id}/comments`, { body: "hi" }).expect(201);

    const all = await events(b, owner.token, project.id);
    expect(all.status).toBe(200);
    const page = all.body as EventPage;
    expect(page.data.map((event) => event.type)).toEqual([
      "column.created",
      "card.created",
      "card.updated",
      "comment.created",
    ]);
    const seqs = page.data.map((event) => BigInt(event.seq));
    expect(seqs).toEqual([...seqs].sort((x, y) => (x < y ? -1 : 1)));
    expect(page.data[1]).toEqual({
      seq: expect.stringMatching(/^\d+$/),
      type: "card.created",
      project_id: project.id,
      actor_id: owner.user.id,
      at: expect.stringMatching(/Z$/),
      data: { card: expect.objectContaining({ id: card.id, title: "First" }) },
    });
    expect(page.next_after).toBe(page.data[3]!.seq);

    const two = (await events(a, owner.token, project.id, "?limit=2")).body as EventPage;
    expect(two.data.map((event) => event.type)).toEqual(["column.created", "card.created"]);
    const rest = (await events(a, owner.token, project.id, `?after=${two.next_after}`)).body as EventPage;
    expect(rest.data.map((event) => event.type)).toEqual(["card.updated", "comment.created"]);
    const none = (await events(a, owner.token, project.id, `?after=${rest.next_after}`)).body as EventPage;
    expect(none).toEqual({ data: [], next_after: rest.next_after });

    const stranger = await makeUser(a);
    expect((await events(a, stranger.token, project.id)).status).toBe(404);
    for (const query of ["?after=-1", "?after=1e2", "?wait=31", "?limit=0"]) {
      expect({ query, status: (await events(a, owner.token, project.id, query)).status }).toEqual({
        query,
        status: 422,
      });
    }
  });

  it("a wait is woken by a change made through the other instance, well before its time", async () => {
    const { owner, project, column } = await makeBoard(a);
    const start = (await events(a, owner.token, project.id)).body as EventPage;
    const began = Date.now();
    const waiting = events(a, owner.token, project.id, `?after=${start.next_after}&wait=25`);
    // Give the request time to reach its wait, then change the board through instance B.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await makeCard(client(b, owner.token), column.id, { title: "Wake" });
    const woken = await waiting;
    expect(woken.status).toBe(200);
    expect((woken.body as EventPage).data.map((event) => event.type)).toEqual(["card.created"]);
    expect(Date.now() - began).toBeLessThan(20_000);

    // Nothing happens: the wait ends empty after its time.
    const quiet = await events(
      b,
      owner.token,
      project.id,
      `?after=${(woken.body as EventPage).next_after}&wait=1`,
    );
    expect(quiet.body).toEqual({ data: [], next_after: (woken.body as EventPage).next_after });
  });

  it("MCP wait_for_events waits for another agent's move", async () => {
    const { owner, project, column } = await makeBoard(a);
    const agent = await makeUser(a);
    await addMember(owner.api, project.id, agent, "member");
    const card = await makeCard(owner.api, column.id, { title: "Move me" });
    const other = (await owner.api.post(`/projects/${project.id}/columns`, { name: "Done" })).body as {
      id: string;
    };
    const mcp = await listenMcp(a);
    try {
      const client = await mcp.connect(agent.token, { query: "?toolsets=core,events" });
      const first = await okTool<EventPage>(client, "wait_for_events", { project_id: project.id });
      expect(first.data.map((event) => event.type)).toContain("card.created");
      const waiting = okTool<EventPage>(client, "wait_for_events", {
        project_id: project.id,
        after: first.next_after,
        wait_seconds: 25,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await request(b.url)
        .post(`/api/v1/cards/${card.id}/move`)
        .set("Authorization", `Bearer ${owner.token}`)
        .send({ to_column_id: other.id })
        .expect(200);
      const moved = await waiting;
      expect(moved.data).toEqual([
        expect.objectContaining({
          type: "card.moved",
          data: expect.objectContaining({ from_column_id: column.id }),
        }),
      ]);
    } finally {
      await mcp.close();
    }
  });

  it("an after older than what is kept is 410 gone naming the oldest seq", async () => {
    const { owner, project, column } = await makeBoard(a);
    await makeCard(owner.api, column.id, { title: "Old" });
    await database.db
      .$executeRaw`UPDATE project_events SET at = at - interval '40 days' WHERE project_id = ${project.id}::uuid`;
    await sweepEvents(database.db, 30);
    const card = await makeCard(owner.api, column.id, { title: "New" });
    const gone = await events(a, owner.token, project.id, "?after=0");
    expect(gone.status).toBe(410);
    expect(gone.body.error.code).toBe("gone");
    expect(gone.body.error.message).toContain("the oldest available seq is 3");
    const fromOldest = (await events(a, owner.token, project.id)).body as EventPage;
    expect(fromOldest.data).toEqual([
      expect.objectContaining({
        seq: "3",
        type: "card.created",
        data: { card: expect.objectContaining({ id: card.id }) },
      }),
    ]);
    expect((await events(a, owner.token, project.id, "?after=2")).status).toBe(200);
  });
  it("a change and its event commit together: a refused append leaves no change, a refused change no event", async () => {
    const { owner, project, column } = await makeBoard(a);
    const other = await makeColumn(owner.api, project.id, { name: "Other" });
    const card = await makeCard(owner.api, column.id, { title: "Keep", owner_type: "agent" });
    const feed = async () => ((await events(a, owner.token, project.id)).body as EventPage).data;
    const before = await feed();
    const lastSeq = BigInt(before.at(-1)!.seq);

    // The log itself refuses some appends (a trigger standing in for any failure of the append).
    const refuse = (condition: string) =>
      database.db.$executeRawUnsafe(`
        CREATE OR REPLACE FUNCTION refuse_event() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.project_id = '${project.id}'::uuid AND (${condition}) THEN
            RAISE EXCEPTION 'append refused by the test';
          END IF;
          RETURN NEW;
        END $$`);
    await refuse("NEW.data::text LIKE '%refuse-this%'");
    await database.db.$executeRawUnsafe(
      "CREATE TRIGGER refuse_event BEFORE INSERT ON project_events FOR EACH ROW EXECUTE FUNCTION refuse_event()",
    );
    try {
      expect((await owner.api.post(`/columns/${column.id}/cards`, { title: "refuse-this" })).status).toBe(
        500,
      );
      expect(await database.db.card.count({ where: { projectId: project.id } })).toBe(1);

      expect((await owner.api.patch(`/cards/${card.id}`, { title: "refuse-this" })).status).toBe(500);
      expect((await owner.api.get(`/cards/${card.id}`)).body).toMatchObject({ title: "Keep" });

      await refuse("NEW.type IN ('card.moved', 'card.claimed', 'card.archived')");
      expect((await owner.api.post(`/cards/${card.id}/move`, { to_column_id: other.id })).status).toBe(500);
      expect((await owner.api.post(`/cards/${card.id}/claim`)).status).toBe(500);
      expect((await owner.api.post(`/cards/${card.id}/archive`)).status).toBe(500);
      expect((await owner.api.get(`/cards/${card.id}`)).body).toMatchObject({
        column_id: column.id,
        claimed_by: null,
        archived_at: null,
      });

      await refuse("NEW.type LIKE 'comment.%' OR NEW.type LIKE 'column.%'");
      expect((await owner.api.post(`/cards/${card.id}/comments`, { body: "lost" })).status).toBe(500);
      expect((await owner.api.get(`/cards/${card.id}/comments`)).body.data).toEqual([]);
      expect((await owner.api.post(`/projects/${project.id}/columns`, { name: "Lost" })).status).toBe(500);
      expect((await owner.api.patch(`/columns/${other.id}`, { name: "Renamed" })).status).toBe(500);
      expect((await owner.api.delete(`/columns/${other.id}`)).status).toBe(500);
      const columns = (await owner.api.get(`/projects/${project.id}/columns`)).body.data as Array<{
        name: string;
      }>;
      expect(columns.map((listed) => listed.name)).toEqual(["Todo", "Other"]);

      const blocker = await database.db.card.create({
        data: { projectId: project.id, columnId: column.id, number: 99, title: "Blocker", position: 1 },
      });
      await refuse("NEW.type NOT LIKE 'column.%' AND NEW.type NOT LIKE 'comment.%'");
      const refused = [
        await owner.api.post(`/cards/${card.id}/blockers`, { blocker_id: blocker.id }),
        await owner.api.post(`/cards/${card.id}/plan`, { summary: "Lost", steps: ["a"], as_checklist: true }),
        await owner.api.post(`/cards/${card.id}/handoff`, { note: "Lost" }),
        await owner.api.post(`/cards/${card.id}/findings`, { kind: "note", title: "Lost" }),
        await owner.api.post(`/cards/${card.id}/attention`, {}),
        await owner.api.post(`/projects/${project.id}/gate-criteria`, { text: "Lost" }),
        await owner.api.post(`/cards/${card.id}/decompose`, { cards: [{ title: "Lost" }] }),
      ];
      expect(refused.map((response) => response.status)).toEqual(refused.map(() => 500));
      const counts = await Promise.all([
        database.db.cardBlocker.count({ where: { cardId: card.id } }),
        database.db.plan.count({ where: { cardId: card.id } }),
        database.db.checklistItem.count({ where: { cardId: card.id } }),
        database.db.comment.count({ where: { cardId: card.id } }),
        database.db.finding.count({ where: { cardId: card.id } }),
        database.db.gateCriterion.count({ where: { projectId: project.id } }),
        database.db.card.count({ where: { parentId: card.id } }),
        database.db.$queryRaw<
          Array<{ n: number }>
        >`SELECT count(*)::int AS n FROM attention WHERE card_id = ${card.id}::uuid`,
      ]);
      expect(counts).toEqual([0, 0, 0, 0, 0, 0, 0, [{ n: 0 }]]);
      await database.db.card.delete({ where: { id: blocker.id } });
    } finally {
      await database.db.$executeRawUnsafe("DROP TRIGGER refuse_event ON project_events");
    }
    expect(await feed()).toEqual(before);

    // A change that is refused appends nothing.
    const unknown = "00000000-0000-7000-8000-000000000000";
    const badLabel = await owner.api.post(`/columns/${column.id}/cards`, {
      title: "x",
      label_ids: [unknown],
    });
    expect(badLabel.status).toBe(422);
    expect((await owner.api.patch(`/cards/${card.id}`, { assignee_id: unknown })).status).toBe(422);
    await owner.api.post(`/cards/${card.id}/claim`).expect(200);
    const after = (await feed()).slice(before.length);
    expect(after.map((event) => event.type)).toEqual(["card.claimed"]);
    // The refused appends gave out no seq (the counter rolled back with them).
    expect(after[0]!.seq).toBe(String(lastSeq + 1n));
  });
});

describe("label changes and their events", () => {
  it("commit together: a refused append leaves the label and the card as they were", async () => {
    const { owner, project, column } = await makeBoard(a);
    const card = await makeCard(owner.api, column.id, { title: "Keep" });
    const bug = (await owner.api.post(`/projects/${project.id}/labels`, { name: "bug" }).expect(201)).body;
    const docs = (await owner.api.post(`/projects/${project.id}/labels`, { name: "docs" }).expect(201)).body;
    await owner.api.post(`/cards/${card.id}/labels`, { label_id: docs.id }).expect(201);
    const feed = async () => ((await events(a, owner.token, project.id)).body as EventPage).data;
    const before = await feed();
    expect(before.map((event) => event.type).slice(2)).toEqual([
      "label.created",
      "label.created",
      "card.updated",
    ]);

    await withAppendsRefused(project.id, async () => {
      const refused = [
        await owner.api.post(`/projects/${project.id}/labels`, { name: "lost" }),
        await owner.api.patch(`/labels/${bug.id}`, { name: "lost" }),
        await owner.api.delete(`/labels/${bug.id}`),
        await owner.api.post(`/cards/${card.id}/labels`, { label_id: bug.id }),
        await owner.api.delete(`/cards/${card.id}/labels/${docs.id}`),
      ];
      expect(refused.map((response) => response.status)).toEqual(refused.map(() => 500));
    });
    const labels = (await owner.api.get(`/projects/${project.id}/labels`).expect(200)).body.data;
    expect(labels).toEqual([bug, docs]);
    expect((await owner.api.get(`/cards/${card.id}`).expect(200)).body.labels).toEqual([
      { id: docs.id, name: "docs", color: docs.color },
    ]);
    expect(await feed()).toEqual(before);
  });

  it("writes of one name at once, through two instances: one label and its event, the others conflicts naming it", async () => {
    const { owner, project } = await makeBoard(a);
    const bug = (await owner.api.post(`/projects/${project.id}/labels`, { name: "bug" }).expect(201)).body;
    const writes = await Promise.all([
      client(b, owner.token).patch(`/labels/${bug.id}`, { name: "ux" }),
      ...[a, b, a, b, a].map((instance) =>
        client(instance, owner.token).post(`/projects/${project.id}/labels`, { name: "ux" }),
      ),
    ]);
    const won = writes.filter((response) => response.status === 200 || response.status === 201);
    const lost = writes.filter((response) => response.status === 409);
    expect([won.length, lost.length]).toEqual([1, 5]);
    for (const response of lost) expect(response.body.error.message).toContain(`label_id ${won[0]!.body.id}`);
    const types = ((await events(a, owner.token, project.id)).body as EventPage).data.map(
      (event) => event.type,
    );
    expect(types.filter((type) => type.startsWith("label."))).toEqual([
      "label.created",
      won[0]!.status === 201 ? "label.created" : "label.updated",
    ]);
  });
});

describe("priority changes and their events", () => {
  it("commit together: a refused append leaves the ladder and the card as they were", async () => {
    const { owner, project, column } = await makeBoard(a);
    const post = (name: string) => owner.api.post(`/projects/${project.id}/priorities`, { name }).expect(201);
    const urgent = (await post("Urgent")).body;
    const low = (await post("Low")).body;
    const card = await makeCard(owner.api, column.id, { title: "Keep", priority_id: urgent.id });
    const feed = async () => ((await events(a, owner.token, project.id)).body as EventPage).data;
    const before = await feed();
    expect(before.map((event) => event.type).slice(1)).toEqual([
      "priority.created",
      "priority.created",
      "card.created",
    ]);

    await withAppendsRefused(project.id, async () => {
      const refused = [
        await owner.api.post(`/projects/${project.id}/priorities`, { name: "Lost" }),
        await owner.api.patch(`/priorities/${urgent.id}`, { name: "Lost", color: "#000000" }),
        await owner.api.patch(`/priorities/${low.id}`, { position: 0 }),
        await owner.api.delete(`/priorities/${urgent.id}`),
      ];
      expect(refused.map((response) => response.status)).toEqual(refused.map(() => 500));
    });
    const ladder = (await owner.api.get(`/projects/${project.id}/priorities`).expect(200)).body.data;
    expect(ladder).toEqual([urgent, low]);
    expect((await owner.api.get(`/cards/${card.id}`).expect(200)).body.priority_id).toBe(urgent.id);
    expect(await feed()).toEqual(before);
  });
});

/** Runs `run` while the event log refuses every append of `projectId` (a trigger standing in for any failure). */
async function withAppendsRefused(projectId: string, run: () => Promise<void>): Promise<void> {
  await database.db.$executeRawUnsafe(`
    CREATE OR REPLACE FUNCTION refuse_project_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.project_id = '${projectId}'::uuid THEN RAISE EXCEPTION 'append refused by the test'; END IF;
      RETURN NEW;
    END $$`);
  await database.db.$executeRawUnsafe(
    "CREATE TRIGGER refuse_project_event BEFORE INSERT ON project_events FOR EACH ROW EXECUTE FUNCTION refuse_project_event()",
  );
  try {
    await run();
  } finally {
    await database.db.$executeRawUnsafe("DROP TRIGGER refuse_project_event ON project_events");
  }
}

function client(instance: LiveInstance, token: string) {
  const auth = (test: request.Test) => test.set("Authorization", `Bearer ${token}`);
  return {
    token,
    get: (path: string) => auth(request(instance.url).get(`/api/v1${path}`)),
    post: (path: string, body?: object) => auth(request(instance.url).post(`/api/v1${path}`)).send(body),
    patch: (path: string, body?: object) => auth(request(instance.url).patch(`/api/v1${path}`)).send(body),
    delete: (path: string) => auth(request(instance.url).delete(`/api/v1${path}`)),
  };
}
