import { MCP_MAX_BATCH } from "@org/contracts";
import request from "supertest";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { makeBoard, makeUser } from "../src/testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "3" });
});
afterAll(() => t.close());

describe("rate limit", () => {
  it("counts per token, with RateLimit-* headers and Retry-After on 429", async () => {
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    const first = await alice.api.get("/me");
    expect(first.status).toBe(200);
    expect(first.headers["ratelimit-limit"]).toBe("3");
    expect(first.headers["ratelimit-remaining"]).toBe("2");
    expect(Number(first.headers["ratelimit-reset"])).toBeGreaterThan(0);
    await alice.api.get("/me");
    await alice.api.get("/me");
    const limited = await alice.api.get("/me");
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: { code: "rate_limited", message: "Too many requests." } });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(limited.headers["ratelimit-remaining"]).toBe("0");
    // Another token has its own budget; requests without a token are refused before counting.
    expect((await bob.api.get("/me")).status).toBe(200);
    expect((await request(t.app).get("/api/v1/me")).status).toBe(401);
  });
});

/** A JSON-RPC batch of tools/call messages in one POST /mcp. */
function mcpBatch(token: string, calls: Array<{ name: string; arguments: Record<string, unknown> }>) {
  return request(t.app)
    .post("/mcp")
    .set("Authorization", `Bearer ${token}`)
    .set("Accept", "application/json, text/event-stream")
    .set("Content-Type", "application/json")
    .send(calls.map((params, index) => ({ jsonrpc: "2.0", id: index + 1, method: "tools/call", params })));
}

describe("rate limit over MCP", () => {
  it("counts every tool call of a JSON-RPC batch", async () => {
    const alice = await makeUser(t);
    const listProjects = { name: "list_projects", arguments: {} };
    const batch = await mcpBatch(alice.token, [listProjects, listProjects, listProjects]);
    expect(batch.status).toBe(200);
    expect(batch.body).toHaveLength(3);
    expect(batch.headers["ratelimit-remaining"]).toBe("0");
    // The three calls used the whole budget: the next request is refused.
    const next = await alice.api.get("/me");
    expect(next.status).toBe(429);
  });

  it("runs none of a batch that goes over the limit", async () => {
    // makeBoard spends three requests of the owner's budget; a second user does the calls.
    const { project, column } = await makeBoard(t);
    const agent = await makeUser(t);
    await t.database.db.projectMember.create({
      data: { projectId: project.id, userId: agent.user.id, role: "member" },
    });
    const create = { name: "create_card", arguments: { column_id: column.id, title: "Batched" } };
    const res = await mcpBatch(agent.token, [create, create, create, create]);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: { code: "rate_limited", message: "Too many requests." } });
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    const cards = await t.database.db.card.count({ where: { columnId: column.id } });
    expect(cards).toBe(0);
  });

  it("refuses a batch of more than MCP_MAX_BATCH messages", async () => {
    const bob = await makeUser(t);
    const calls = Array.from({ length: MCP_MAX_BATCH + 1 }, () => ({ name: "list_projects", arguments: {} }));
    const res = await mcpBatch(bob.token, calls);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32600,
        message: `Invalid Request: a JSON-RPC batch carries at most ${MCP_MAX_BATCH} messages; this one has ${MCP_MAX_BATCH + 1}.`,
      },
    });
  });
});

describe("unauthenticated requests per IP", () => {
  it("stop a bogus-token flood after RATE_LIMIT_ANONYMOUS_PER_MINUTE, while signed-in use is not counted", async () => {
    const limited = await createTestApp({ RATE_LIMIT_ANONYMOUS_PER_MINUTE: "3", TRUST_PROXY: "loopback" });
    try {
      const alice = await makeUser(limited);
      const me = (ip: string, token: string) =>
        request(limited.app)
          .get("/api/v1/me")
          .set("X-Forwarded-For", ip)
          .set("Authorization", `Bearer ${token}`);
      for (let i = 0; i < 10; i += 1) expect((await me("203.0.113.20", alice.token)).status).toBe(200);
      for (let i = 0; i < 3; i += 1) expect((await me("198.51.100.20", `bogus-${i}`)).status).toBe(401);
      const flood = await me("198.51.100.20", "bogus-next");
      expect(flood.status).toBe(429);
      expect(flood.body).toEqual({ error: { code: "rate_limited", message: "Too many requests." } });
      expect(Number(flood.headers["retry-after"])).toBeGreaterThan(0);
      // Public pages count too; the signed-in address is untouched.
      expect(
        (await request(limited.app).get("/llms.txt").set("X-Forwarded-For", "198.51.100.20")).status,
      ).toBe(429);
      expect((await me("203.0.113.20", alice.token)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
