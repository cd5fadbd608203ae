// Project webhooks: admins register receivers; every event of the project's log they take is
// POSTed once, signed the Standard Webhooks way, by whichever of two instances' workers claims it;
// a failing receiver is retried on the schedule and the delivery log shows each attempt; a replay
// sends again; the event filter holds; non-admins and unreachable URLs are refused.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createTestDatabase, type TestDatabase } from "@org/db/testing";
import { Webhook } from "standardwebhooks";
import request from "supertest";
import { addMember, makeBoard, makeCard, makeUser } from "../src/testing/fixtures.ts";
import { startLiveInstance, type LiveInstance } from "../src/testing/live.ts";
import { sweepWebhookDeliveries } from "../src/services/webhook-delivery.ts";
import { listenMcp, okTool, callTool, allTools } from "./helpers/mcp.ts";

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local receiver: records every request; paths in `failing` answer 500. */
async function startReceiver() {
  const received: Received[] = [];
  const failing = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.statusCode = failing.has(path) ? 500 : 200;
      res.end(failing.has(path) ? "receiver down" : "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    failing,
    at: (path: string) => received.filter((entry) => entry.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let database: TestDatabase;
let a: LiveInstance;
let b: LiveInstance;
let strict: LiveInstance;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const allowPrivate = { WEBHOOK_ALLOW_PRIVATE: "true" };
beforeAll(async () => {
  database = await createTestDatabase();
  const webhooks = { pollMs: 100, retrySchedule: [0.3, 0.3], timeoutMs: 3000 };
  a = await startLiveInstance(database, { ownDb: true, env: allowPrivate, webhooks });
  b = await startLiveInstance(database, { ownDb: true, env: allowPrivate, webhooks });
  // Default settings: no private receivers (and no worker).
  strict = await startLiveInstance(database);
  receiver = await startReceiver();
});
afterAll(async () => {
  await a.close();
  await b.close();
  await strict.close();
  await receiver.close();
  await database.drop();
});

function api(instance: LiveInstance, token: string) {
  const auth = (test: request.Test) => test.set("Authorization", `Bearer ${token}`);
  return {
    token,
    get: (path: string) => auth(request(instance.url).get(`/api/v1${path}`)),
    post: (path: string, body?: object) => auth(request(instance.url).post(`/api/v1${path}`)).send(body),
    patch: (path: string, body?: object) => auth(request(instance.url).patch(`/api/v1${path}`)).send(body),
    delete: (path: string) => auth(request(instance.url).delete(`/api/v1${path}`)),
  };
}

interface Delivery {
  id: string;
  event_seq: string;
  event_type: string;
  status: string;
  attempts: Array<{ status_code: number | null; duration_ms: number; error: string | null }>;
}

describe("project webhooks", () => {
  it("delivers each event once across two instances, signed so that standardwebhooks verifies it", async () => {
    const { owner, project, column } = await makeBoard(a);
    const created = await owner.api
      .post(`/projects/${project.id}/webhooks`, { url: `${receiver.base}/all`, description: "CI" })
      .expect(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      project_id: project.id,
      url: `${receiver.base}/all`,
      description: "CI",
      events: [],
      enabled: true,
      disabled_reason: null,
      failing_since: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
    });
    const secret = created.body.secret as string;
    const listed = await owner.api.get(`/projects/${project.id}/webhooks`).expect(200);
    expect(listed.body.data).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain("whsec_");

    // Changes through both instances; both workers run.
    const viaB = api(b, owner.token);
    const cards = [];
    for (let i = 0; i < 6; i += 1) {
      cards.push(await makeCard(i % 2 ? viaB : owner.api, column.id, { title: `Card ${i}` }));
    }
    await viaB.patch(`/cards/${cards[0]!.id}`, { title: "Renamed" }).expect(200);
    const feed = (await owner.api.get(`/projects/${project.id}/events?limit=200`).expect(200)).body as {
      data: Array<{ seq: string; type: string }>;
    };
    const expected = feed.data.filter((event) => BigInt(event.seq) > 1n); // after column.created
    expect(expected).toHaveLength(7);

    await until("every delivery", () => receiver.at("/all").length >= expected.length || undefined);
    // Give a duplicate (if any) time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 800));
    const got = receiver.at("/all");
    expect(got).toHaveLength(expected.length);
    expect(new Set(got.map((entry) => entry.headers["webhook-id"])).size).toBe(expected.length);

    const verifier = new Webhook(secret);
    const bodies = got.map((entry) => {
      expect(entry.headers["content-type"]).toBe("application/json");
      const headers = {
        "webhook-id": String(entry.headers["webhook-id"]),
        "webhook-timestamp": String(entry.headers["webhook-timestamp"]),
        "webhook-signature": String(entry.headers["webhook-signature"]),
      };
      expect(headers["webhook-signature"]).toMatch(/^v1,/);
      return verifier.verify(entry.body, headers) as { seq: string; type: string };
    });
    expect(bodies.map((body) => body.seq).sort()).toEqual(expected.map((event) => event.seq).sort());
    // The body is the event as the feed lists it.
    const first = bodies.find((body) => body.seq === expected[0]!.seq);
    expect(first).toEqual(expected[0]);
    // A tampered body or another secret does not verify.
    const one = got[0]!;
    const oneHeaders = {
      "webhook-id": String(one.headers["webhook-id"]),
      "webhook-timestamp": String(one.headers["webhook-timestamp"]),
      "webhook-signature": String(one.headers["webhook-signature"]),
    };
    expect(() => verifier.verify(one.body.replace("Card", "Cord"), oneHeaders)).toThrow();
    expect(() =>
      new Webhook(`whsec_${Buffer.from("x".repeat(24)).toString("base64")}`).verify(one.body, oneHeaders),
    ).toThrow();

    // The log: one attempt each, 200.
    const log = (await owner.api.get(`/webhooks/${created.body.id}/deliveries?limit=200`).expect(200)).body
      .data as Delivery[];
    expect(log).toHaveLength(expected.length);
    for (const delivery of log) {
      expect(delivery.status).toBe("succeeded");
      expect(delivery.attempts).toEqual([
        { at: expect.any(String), status_code: 200, duration_ms: expect.any(Number), error: null },
      ]);
    }
    expect(log.map((delivery) => delivery.id).sort()).toEqual(
      got.map((entry) => String(entry.headers["webhook-id"])).sort(),
    );
  });

  it("sends only the event types asked for", async () => {
    const { owner, project, column } = await makeBoard(a);
    await owner.api
      .post(`/projects/${project.id}/webhooks`, { url: `${receiver.base}/moves`, events: ["card.moved"] })
      .expect(201);
    const card = await makeCard(owner.api, column.id, { title: "Filter" });
    const done = (await owner.api.post(`/projects/${project.id}/columns`, { name: "Done" }).expect(201)).body;
    await owner.api.post(`/cards/${card.id}/move`, { to_column_id: done.id }).expect(200);
    await until("the move", () => receiver.at("/moves").length >= 1 || undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const got = receiver.at("/moves");
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0]!.body)).toMatchObject({ type: "card.moved", project_id: project.id });

    const unknown = await owner.api
      .post(`/projects/${project.id}/webhooks`, { url: `${receiver.base}/x`, events: ["card.teleported"] })
      .expect(422);
    expect(unknown.body.error.details[0].path).toBe("events.0");
  });

  it("takes label events: a webhook for label.updated gets a rename, and nothing else", async () => {
    const { owner, project, column } = await makeBoard(a);
    const hook = await owner.api
      .post(`/projects/${project.id}/webhooks`, { url: `${receiver.base}/labels`, events: ["label.updated"] })
      .expect(201);
    expect(hook.body.events).toEqual(["label.updated"]);
    const card = await makeCard(owner.api, column.id, { title: "Labelled" });
    const bug = (await owner.api.post(`/projects/${project.id}/labels`, { name: "bug" }).expect(201)).body;
    await owner.api.post(`/cards/${card.id}/labels`, { label_id: bug.id }).expect(201);
    const renamed = (await owner.api.patch(`/labels/${bug.id}`, { name: "defect" }).expect(200)).body;
    await owner.api.delete(`/labels/${bug.id}`).expect(204);
    await until("the rename", () => receiver.at("/labels").length >= 1 || undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const got = receiver.at("/labels");
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0]!.body)).toMatchObject({
      type: "label.updated",
      project_id: project.id,
      actor_id: owner.user.id,
      data: { label: renamed },
    });
  });

  it("takes priority events: a webhook for priority.updated gets a rename and a move, and nothing else", async () => {
    const { owner, project, column } = await makeBoard(a);
    const hook = await owner.api
      .post(`/projects/${project.id}/webhooks`, {
        url: `${receiver.base}/priorities`,
        events: ["priority.updated"],
      })
      .expect(201);
    expect(hook.body.events).toEqual(["priority.updated"]);
    const post = (name: string) => owner.api.post(`/projects/${project.id}/priorities`, { name }).expect(201);
    const urgent = (await post("Urgent")).body;
    await post("Low");
    await makeCard(owner.api, column.id, { title: "Pressing", priority_id: urgent.id });
    const renamed = (await owner.api.patch(`/priorities/${urgent.id}`, { name: "Now" }).expect(200)).body;
    const moved = (await owner.api.patch(`/priorities/${urgent.id}`, { position: 1 }).expect(200)).body;
    await owner.api.delete(`/priorities/${urgent.id}`).expect(204);
    await until("the rename and the move", () => receiver.at("/priorities").length >= 2 || undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const got = receiver.at("/priorities").map((delivery) => JSON.parse(delivery.body));
    expect(got).toHaveLength(2);
    expect(got.map((event) => event.data)).toEqual([{ priority: renamed }, { priority: moved }]);
    expect(got[0]).toMatchObject({
      type: "priority.updated",
      project_id: project.id,
      actor_id: owner.user.id,
    });
    expect(moved).toMatchObject({ name: "Now", position: 1 });
  });

  it("retries a failing receiver on the schedule, logs each attempt, and a replay sends again", async () => {
    const { owner, project, column } = await makeBoard(a);
    receiver.failing.add("/down");
    const hook = (
      await owner.api
        .post(`/projects/${project.id}/webhooks`, { url: `${receiver.base}/down`, events: ["card.created"] })
        .expect(201)
    ).body as { id: string };
    await makeCard(owner.api, column.id, { title: "Retry me" });
    const failed = await until("the delivery to fail", async () => {
      const log = (await owner.api.get(`/webhooks/${hook.id}/deliveries`).expect(200)).body
        .data as Delivery[];
      return log[0]?.status === "failed" ? log[0] : undefined;
    });
    // One attempt and two retries (the test's schedule), each logged.
    expect(failed.attempts).toHaveLength(3);
    for (const attempt of failed.attempts) {
      expect(attempt).toEqual({
        at: expect.any(String),
        status_code: 500,
        duration_ms: expect.any(Number),
        error: "answered 500 (a 2xx status is success)",
      });
    }
    expect(receiver.at("/down")).toHaveLength(3);
    const ids = new Set(receiver.at("/down").map((entry) => entry.headers["webhook-id"]));
    expect([...ids]).toEqual([failed.id]);
    const webhook = (await owner.api.get(`/webhooks/${hook.id}`).expect(200)).body;
    expect(webhook.failing_since).toEqual(expect.any(String));

    // The receiver is fixed; a replay (through the other instance) sends it again, same webhook-id.
    receiver.failing.delete("/down");
    const replayed = await api(b, owner.token).post(`/deliveries/${failed.id}/retry`).expect(200);
    expect(replayed.body).toMatchObject({ id: failed.id, status: "pending" });
    const succeeded = await until("the replay", async () => {
      const log = (await owner.api.get(`/webhooks/${hook.id}/deliveries`).expect(200)).body
        .data as Delivery[];
      return log[0]?.status === "succeeded" ? log[0] : undefined;
    });
    expect(succeeded.attempts.map((attempt) => attempt.status_code)).toEqual([500, 500, 500, 200]);
    expect(receiver.at("/down")).toHaveLength(4);
    expect(receiver.at("/down")[3]!.headers["webhook-id"]).toBe(failed.id);
    expect((await owner.api.get(`/webhooks/${hook.id}`).expect(200)).body.failing_since).toBeNull();
  });

  it("a paused webhook gets nothing until resumed; a deleted one nothing at all", async () => {
    const { owner, project, column } = await makeBoard(a);
    const hook = (
      await owner.api.post(`/projects/${project.id}/webhooks`, { url: `${receiver.base}/paused` }).expect(201)
    ).body as { id: string };
    await owner.api.patch(`/webhooks/${hook.id}`, { enabled: false }).expect(200);
    await makeCard(owner.api, column.id, { title: "While paused" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.at("/paused")).toHaveLength(0);
    const resumed = await owner.api.patch(`/webhooks/${hook.id}`, { enabled: true }).expect(200);
    expect(resumed.body.enabled).toBe(true);
    await makeCard(owner.api, column.id, { title: "Resumed" });
    await until("the resumed delivery", () => receiver.at("/paused").length >= 1 || undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.at("/paused").map((entry) => JSON.parse(entry.body).data.card.title)).toEqual([
      "Resumed",
    ]);

    await owner.api.delete(`/webhooks/${hook.id}`).expect(204);
    await makeCard(owner.api, column.id, { title: "After delete" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.at("/paused")).toHaveLength(1);
    await owner.api.get(`/webhooks/${hook.id}`).expect(404);
  });

  it("an endpoint failing for 3 days is disabled, saying why, and its admins told; enabling it again starts afresh", async () => {
    const { owner, project, column } = await makeBoard(a);
    const admin = await makeUser(a);
    await addMember(owner.api, project.id, admin, "admin");
    const member = await makeUser(a);
    await addMember(owner.api, project.id, member, "member");
    receiver.failing.add("/dead");
    const hook = (
      await owner.api
        .post(`/projects/${project.id}/webhooks`, { url: `${receiver.base}/dead`, events: ["card.created"] })
        .expect(201)
    ).body as { id: string };
    await database.db.$executeRaw`
      UPDATE webhooks SET failing_since = now() - interval '4 days' WHERE id = ${hook.id}::uuid`;
    await makeCard(owner.api, column.id, { title: "Into the void" });
    const disabled = await until("the webhook to be disabled", async () => {
      const webhook = (await owner.api.get(`/webhooks/${hook.id}`).expect(200)).body;
      return webhook.enabled === false ? webhook : undefined;
    });
    expect(disabled.disabled_reason).toContain("Every delivery failed for 3 days");
    expect(disabled.disabled_reason).toContain("answered 500");

    // The project's admins and owners are told, once (two instances' workers), about no card;
    // a member is not.
    const notice = {
      kind: "webhook_disabled",
      project_id: project.id,
      project_name: project.name,
      card_id: null,
      card_number: null,
      card_title: null,
      comment_id: null,
      actor_id: null,
      actor_name: null,
      excerpt: disabled.disabled_reason,
      webhook_id: hook.id,
      webhook_url: `${receiver.base}/dead`,
      read_at: null,
    };
    for (const who of [owner, admin]) {
      const unread = (await who.api.get("/me/notifications?unread=true").expect(200)).body.data;
      expect(unread).toEqual([{ ...notice, id: expect.any(String), created_at: expect.any(String) }]);
    }
    expect((await member.api.get("/me/notifications").expect(200)).body.data).toEqual([]);
    const mcp = await listenMcp(a);
    try {
      const client = await mcp.connect(admin.token);
      const listed = await okTool<{ data: Array<{ id: string }> }>(client, "list_notifications", {
        unread: true,
      });
      expect(listed.data).toEqual([expect.objectContaining({ ...notice, webhook_id: hook.id })]);
      const read = await okTool(client, "mark_notification_read", { notification_id: listed.data[0]!.id });
      expect(read).toMatchObject({ kind: "webhook_disabled", read_at: expect.any(String) });
    } finally {
      await mcp.close();
    }
    // Still one, read now.
    expect((await admin.api.get("/me/notifications").expect(200)).body.data).toEqual([
      expect.objectContaining({ kind: "webhook_disabled", read_at: expect.any(String) }),
    ]);

    const resumed = (await owner.api.patch(`/webhooks/${hook.id}`, { enabled: true }).expect(200)).body;
    expect(resumed).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    receiver.failing.delete("/dead");
  });

  it("the sweeper forgets finished deliveries older than the retention, never pending ones", async () => {
    const { owner, project, column } = await makeBoard(a);
    const hook = (
      await owner.api
        .post(`/projects/${project.id}/webhooks`, { url: `${receiver.base}/old`, events: ["card.created"] })
        .expect(201)
    ).body as { id: string };
    await makeCard(owner.api, column.id, { title: "Old news" });
    await until("the delivery", () => receiver.at("/old").length >= 1 || undefined);
    await until("the log", async () => {
      const log = (await owner.api.get(`/webhooks/${hook.id}/deliveries`)).body.data as Delivery[];
      return log[0]?.status === "succeeded" || undefined;
    });
    // Paused, so the next one stays pending; both made to look 40 days old.
    await database.db.$executeRaw`
      INSERT INTO webhook_deliveries (id, webhook_id, project_id, event_seq, event_type, payload, status, next_attempt_at)
      VALUES (gen_random_uuid(), ${hook.id}::uuid, ${project.id}::uuid, 999, 'card.created', '{}', 'pending', now() + interval '1 day')`;
    await database.db.$executeRaw`
      UPDATE webhook_deliveries SET created_at = created_at - interval '40 days' WHERE webhook_id = ${hook.id}::uuid`;
    await sweepWebhookDeliveries(database.db, 30);
    const left = (await owner.api.get(`/webhooks/${hook.id}/deliveries`).expect(200)).body.data as Delivery[];
    expect(left.map((delivery) => [delivery.event_seq, delivery.status])).toEqual([["999", "pending"]]);
  });

  it("only admins manage webhooks", async () => {
    const { owner, project } = await makeBoard(a);
    const member = await makeUser(a);
    await addMember(owner.api, project.id, member, "member");
    const stranger = await makeUser(a);
    const hook = (
      await owner.api.post(`/projects/${project.id}/webhooks`, { url: `${receiver.base}/admin` }).expect(201)
    ).body as { id: string };

    const refused = await member.api
      .post(`/projects/${project.id}/webhooks`, { url: `${receiver.base}/member` })
      .expect(403);
    expect(refused.body.error.message).toContain("admin");
    await member.api.get(`/projects/${project.id}/webhooks`).expect(403);
    await member.api.get(`/webhooks/${hook.id}/deliveries`).expect(403);
    await member.api.delete(`/webhooks/${hook.id}`).expect(403);
    await stranger.api.get(`/projects/${project.id}/webhooks`).expect(404);
    const hidden = await stranger.api.get(`/webhooks/${hook.id}`).expect(404);
    expect(hidden.body.error.message).toContain("list_webhooks");
  });

  it("refuses a URL it would not send to, saying why", async () => {
    const { owner, project } = await makeBoard(a);
    const strictApi = api(strict, owner.token);
    const cases: Array<[string, string]> = [
      ["not a url", "Not a URL"],
      ["ftp://files.example.com/hook", "Only http and https URLs"],
      ["https://user:pw@example.com/hook", "verify deliveries with the signing secret"],
      ["http://127.0.0.1:9/hook", "WEBHOOK_ALLOW_PRIVATE=true"],
      ["http://localhost:9/hook", "localhost is not a public address"],
      ["https://[::1]/hook", "::1 is not a public address"],
      ["http://10.1.2.3/hook", "10.1.2.3 is not a public address"],
    ];
    for (const [url, message] of cases) {
      const res = await strictApi.post(`/projects/${project.id}/webhooks`, { url });
      expect({ url, status: res.status }).toEqual({ url, status: 422 });
      expect(res.body.error.details[0].path).toBe("url");
      expect(res.body.error.details[0].message).toContain(message);
    }
    await strictApi
      .post(`/projects/${project.id}/webhooks`, { url: "https://ci.example.com/hook" })
      .expect(201);
  });

  it("MCP: the webhooks toolset manages them; core does not carry it", async () => {
    const { owner, project, column } = await makeBoard(a);
    const mcp = await listenMcp(a);
    try {
      const core = await mcp.connect(owner.token);
      expect((await allTools(core)).map((tool) => tool.name)).not.toContain("create_webhook");
      const client = await mcp.connect(owner.token, { query: "?toolsets=webhooks" });
      const names = (await allTools(client)).map((tool) => tool.name);
      expect(names).toEqual([
        "list_webhooks",
        "create_webhook",
        "get_webhook",
        "update_webhook",
        "delete_webhook",
        "list_webhook_deliveries",
        "retry_webhook_delivery",
      ]);
      const created = await okTool<{ id: string; secret: string }>(client, "create_webhook", {
        project_id: project.id,
        url: `${receiver.base}/mcp`,
        events: ["card.created"],
      });
      expect(created.secret).toMatch(/^whsec_/);
      await makeCard(owner.api, column.id, { title: "Via MCP" });
      await until("the delivery", () => receiver.at("/mcp").length >= 1 || undefined);
      const log = await until("the log", async () => {
        const page = await okTool<{ data: Delivery[] }>(client, "list_webhook_deliveries", {
          webhook_id: created.id,
        });
        return page.data[0]?.status === "succeeded" ? page.data : undefined;
      });
      expect(log[0]).toMatchObject({ event_type: "card.created", status: "succeeded" });
      const bad = await callTool(client, "create_webhook", { project_id: project.id, url: "ftp://x" });
      expect(bad.isError).toBe(true);
    } finally {
      await mcp.close();
    }
  });
});

describe("project webhooks across instances", () => {
  it("a delivery queued on one instance wakes another instance's worker at once (NOTIFY), not at its poll", async () => {
    const own = await createTestDatabase();
    // X makes the changes and runs no worker; Y's worker would look again only after a minute.
    const x = await startLiveInstance(own, { ownDb: true, env: allowPrivate });
    const y = await startLiveInstance(own, { ownDb: true, env: allowPrivate, webhooks: { pollMs: 60_000 } });
    try {
      const { owner, project, column } = await makeBoard(x);
      await owner.api
        .post(`/projects/${project.id}/webhooks`, { url: `${receiver.base}/woken`, events: ["card.created"] })
        .expect(201);
      // Y's worker has looked once at start; give its LISTEN a moment to be in effect.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const began = Date.now();
      await makeCard(owner.api, column.id, { title: "Wake the other one" });
      await until("the delivery", () => receiver.at("/woken").length >= 1 || undefined, 10_000);
      expect(Date.now() - began).toBeLessThan(10_000);
    } finally {
      await x.close();
      await y.close();
      await own.drop();
    }
  });
});
