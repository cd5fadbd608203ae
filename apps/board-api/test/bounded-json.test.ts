// Issue 28, point 2: a wide or deep JSON body is refused while it is parsed, an error names at
// most ten unknown keys, and a body sent with a bogus credential is never parsed at all.
import request from "supertest";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { makeUser } from "../src/testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JSON_MAX_KEYS: "200", JSON_MAX_DEPTH: "8" });
});
afterAll(() => t.close());

function wide(keys: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = { ...extra };
  for (let i = 0; i < keys; i++) body[`k${i}`] = i;
  return body;
}

function deep(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

const MCP_HEADERS = { Accept: "application/json, text/event-stream", "Content-Type": "application/json" };

function mcpCall(token: string, name: string, args: unknown) {
  return request(t.app)
    .post("/mcp?toolsets=all")
    .set(MCP_HEADERS)
    .set("Authorization", `Bearer ${token}`)
    .send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } });
}

describe("JSON bodies bounded while parsing", () => {
  it("refuses an object wider than JSON_MAX_KEYS with payload_too_large naming the limit", async () => {
    const alice = await makeUser(t);
    const res = await alice.api.post("/projects", wide(201, { name: "P" }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: { code: "payload_too_large", message: "An object in the request body has more than 200 keys." },
    });
    // Nothing was made.
    expect(await t.database.db.project.count()).toBe(0);
  });

  it("refuses nesting deeper than JSON_MAX_DEPTH, and counts arrays as levels", async () => {
    const alice = await makeUser(t);
    const res = await alice.api.post("/projects", { name: "P", x: deep(8) });
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe("The request body nests objects and arrays more than 8 deep.");
    const arrays = await alice.api.post("/projects", { name: "P", x: [[[[[[[[1]]]]]]]] });
    expect(arrays.status).toBe(413);
    // Within the bounds: an ordinary validation answer.
    const within = await alice.api.post("/projects", { name: "P", x: deep(6) });
    expect(within.status).toBe(422);
    expect(within.body.error.code).toBe("validation_failed");
  });

  it("counts keys per object: many small objects are fine, keys inside strings do not count", async () => {
    const alice = await makeUser(t);
    const tricky = { name: 'P "quoted" \\', description: '{"a":1,"b":2,"c":3}'.repeat(100) };
    const res = await alice.api.post("/projects", {
      ...tricky,
      x: Array.from({ length: 50 }, () => wide(150)),
    });
    // Not refused for its shape: the unknown key x and description are the validation answer.
    expect(res.body.error.code).toBe("validation_failed");
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("validation_failed");
  });

  it("names at most ten unknown keys in the error answer", async () => {
    const alice = await makeUser(t);
    const res = await alice.api.post("/projects", wide(150, { name: "P" }));
    expect(res.status).toBe(422);
    const details = res.body.error.details as Array<{ path: string; message: string }>;
    expect(details).toHaveLength(1);
    expect(details[0]?.message).toBe(
      `Unrecognized keys: ${Array.from({ length: 10 }, (_, i) => `"k${i}"`).join(", ")} and 140 more`,
    );
  });

  it("MCP: a tool call with 150 unknown fields names ten and counts the rest", async () => {
    const alice = await makeUser(t);
    const res = await mcpCall(alice.token, "create_project", wide(150, { name: "P" }));
    expect(res.status).toBe(200);
    if (!res.body.result) throw new Error(JSON.stringify(res.body).slice(0, 2000));
    const envelope = JSON.parse(res.body.result.content[0].text as string) as {
      error: { code: string; details: Array<{ path: string; message: string }> };
    };
    expect(envelope.error.code).toBe("validation_failed");
    expect(envelope.error.details).toHaveLength(11);
    expect(envelope.error.details[10]).toEqual({ path: "", message: "And 140 more unknown fields." });
    expect(JSON.stringify(res.body).length).toBeLessThan(4000);
  });

  it("MCP: a wide tool call is refused before it is parsed", async () => {
    const alice = await makeUser(t);
    const res = await mcpCall(alice.token, "create_project", wide(1000, { name: "P" }));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("payload_too_large");
  });

  it("sign-up, with no credential at all, refuses a wide body", async () => {
    const res = await request(t.app)
      .post("/app/auth/signup")
      .set("Origin", "http://localhost:4000")
      .send(wide(1000, { email: "a@example.com", name: "A" }));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("payload_too_large");
  });
});

describe("bodies of authenticated routes are parsed only after authentication", () => {
  // Malformed JSON: parsing it would answer 422 validation_failed; authentication answers 401.
  const malformed = '{"name": "P", ';

  it("/api/v1 with a bogus token: 401, the body never parsed", async () => {
    const res = await request(t.app)
      .post("/api/v1/projects")
      .set("Authorization", "Bearer bogus-token")
      .set("Content-Type", "application/json")
      .send(malformed);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthenticated");
  });

  it("/api/v1 with neither token nor session: 401", async () => {
    const res = await request(t.app)
      .post("/api/v1/projects")
      .set("Content-Type", "application/json")
      .send(malformed);
    expect(res.status).toBe(401);
  });

  it("/mcp with a bogus token: 401, the body never parsed", async () => {
    const res = await request(t.app)
      .post("/mcp")
      .set(MCP_HEADERS)
      .set("Authorization", "Bearer bogus-token")
      .send(malformed);
    expect(res.status).toBe(401);
    expect(res.headers["www-authenticate"]).toContain('error="invalid_token"');
  });

  it("the web session routes with a stale cookie: 401", async () => {
    const res = await request(t.app)
      .post("/app/auth/signout")
      .set("Cookie", "board_session=stale")
      .set("Content-Type", "application/json")
      .send(malformed);
    expect(res.status).toBe(401);
  });

  it("a valid token still gets its malformed body answered as validation_failed", async () => {
    const alice = await makeUser(t);
    const res = await request(t.app)
      .post("/api/v1/projects")
      .set("Authorization", `Bearer ${alice.token}`)
      .set("Content-Type", "application/json")
      .send(malformed);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe("Malformed JSON in request body.");
  });
});
