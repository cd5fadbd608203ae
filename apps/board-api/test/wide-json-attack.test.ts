// Issue 28, point 2: the attack of bench/wide-json.bench.ts, one request of each kind. A 1 MB
// object of ~90,000 keys sent to sign-up (no credential), to MCP with a valid token and to
// /api/v1 with a bogus token is refused having read a small part of it (a fraction of the
// megabyte, counted on the server's own sockets): the rest is never read, the connection closed.
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { makeUser } from "../src/testing/fixtures.ts";

let t: TestApp;
let server: http.Server;
let url: string;
let sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  server = http.createServer(t.app);
  server.on("connection", (socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});
beforeEach(() => {
  sockets = [];
});

/** An object of `extra` fields and numbered keys, just under 1 MB of JSON (the bench's). */
function wideObject(extra: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...extra };
  for (let i = 0, size = JSON.stringify(extra).length; size < 1_000_000; i++) {
    body[`key${i}`] = i;
    size += `"key${i}":${i},`.length;
  }
  return body;
}

/** Bytes the server read on the connections of this test, once they closed. */
async function bytesRead(): Promise<number> {
  await Promise.all(
    sockets.map((socket) =>
      socket.destroyed ? undefined : new Promise((resolve) => socket.once("close", resolve)),
    ),
  );
  return sockets.reduce((sum, socket) => sum + socket.bytesRead, 0);
}

async function post(path: string, headers: Record<string, string>, body: unknown) {
  const text = JSON.stringify(body);
  expect(text.length).toBeGreaterThan(990_000);
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: text,
  });
  return { status: res.status, body: (await res.json()) as { error?: { code: string; message: string } } };
}

const READ_AT_MOST = 256 * 1024;

describe("1 MB wide objects are refused unread (issue 28)", () => {
  it("sign-up, without a credential: 413 from Content-Length", async () => {
    const res = await post(
      "/app/auth/signup",
      { origin: url },
      wideObject({ email: "a@example.com", name: "A" }),
    );
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({
      code: "payload_too_large",
      message: "The request body is larger than 16384 bytes, the most this route accepts.",
    });
    expect(await bytesRead()).toBeLessThan(READ_AT_MOST);
  });

  it("MCP create_project with a valid token: 413 once the 1,001st key shows", async () => {
    const alice = await makeUser(t);
    const res = await post(
      "/mcp?toolsets=all",
      { authorization: `Bearer ${alice.token}`, accept: "application/json, text/event-stream" },
      {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "create_project", arguments: wideObject({ name: "P" }) },
      },
    );
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({
      code: "payload_too_large",
      message: "An object in the request body has more than 1000 keys.",
    });
    expect(await bytesRead()).toBeLessThan(READ_AT_MOST);
    expect(await t.database.db.project.count()).toBe(0);
  });

  it("/api/v1 with a bogus token: 401 before any of the body is parsed, the rest unread", async () => {
    const res = await post(
      "/api/v1/projects",
      { authorization: "Bearer bogus-token" },
      wideObject({ name: "P" }),
    );
    expect(res.status).toBe(401);
    expect(res.body.error?.code).toBe("unauthenticated");
    expect(await bytesRead()).toBeLessThan(READ_AT_MOST);
  });
});
