// Issue 28: a 1 MB body refused (too wide, too large, or before authentication) must cost the
// server what it read to decide, not the megabyte: measured on a real listening server as the
// bytes its sockets read, with the client (fetch) still getting the answer.
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import fc from "fast-check";
import {
  boardErrors,
  createHttpApp,
  createLogger,
  finishHttpApp,
  jsonBody,
  jsonBoundsProblem,
  JsonBoundsScanner,
  UnauthenticatedError,
} from "../src/index.ts";

/** A JSON object of numbered keys, just under 1 MB. */
function wideBody(): string {
  const parts: string[] = [];
  for (let i = 0, size = 0; size < 1_000_000; i++) {
    const part = `"key${i}":${i}`;
    parts.push(part);
    size += part.length + 1;
  }
  return `{${parts.join(",")}}`;
}

describe("JsonBoundsScanner", () => {
  it("finds in chunks, split anywhere, what it finds in the whole text", () => {
    fc.assert(
      fc.property(
        fc.json({ maxDepth: 6 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 6 }),
        (text, cuts, maxKeys, maxDepth) => {
          const bytes = Buffer.from(text);
          const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
          const scanner = new JsonBoundsScanner(maxKeys, maxDepth);
          let found: string | undefined;
          let from = 0;
          for (const point of [...points, bytes.length]) {
            found = scanner.push(bytes.subarray(from, point)) ?? found;
            from = point;
          }
          expect(found).toBe(jsonBoundsProblem(bytes, maxKeys, maxDepth));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("keeps escaped quotes and backslashes straight across chunk edges", () => {
    const text = Buffer.from(JSON.stringify({ a: 'x\\"y\\\\', b: '"c": 1, "d": 2', e: 1 }));
    for (let cut = 0; cut <= text.length; cut++) {
      const scanner = new JsonBoundsScanner(2, 32);
      const found = scanner.push(text.subarray(0, cut)) ?? scanner.push(text.subarray(cut));
      expect(found).toBe("An object in the request body has more than 2 keys.");
    }
  });
});

describe("a refused 1 MB body is not read", () => {
  let server: http.Server;
  let url: string;
  let sockets: Socket[] = [];
  beforeAll(async () => {
    const app = createHttpApp({
      logger: createLogger({ service: "test", level: "silent" }),
      parseJsonUpFront: false,
    });
    const json = jsonBody({ limit: "1mb" });
    app.post("/open", json, (req, res) => res.json({ keys: Object.keys(req.body as object).length }));
    app.post("/small", jsonBody({ limit: "16kb" }), (_req, res) => res.status(204).end());
    app.post(
      "/guarded",
      () => {
        throw new UnauthenticatedError("Send a valid token.");
      },
      json,
    );
    server = http.createServer(finishHttpApp(app, boardErrors));
    server.on("connection", (socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    sockets = [];
  });

  /** Bytes the server read from the connections made since the test began, once they closed. */
  async function bytesRead(): Promise<number> {
    await Promise.all(
      sockets.map((socket) =>
        socket.destroyed ? undefined : new Promise((resolve) => socket.once("close", resolve)),
      ),
    );
    return sockets.reduce((sum, socket) => sum + socket.bytesRead, 0);
  }

  const post = (path: string, body: string) =>
    fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body });

  it("too wide: 413 once the 1,001st key shows, the rest unread", async () => {
    const res = await post("/open", wideBody());
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "An object in the request body has more than 1000 keys.",
    );
    expect(await bytesRead()).toBeLessThan(256 * 1024);
  });

  it("larger than the route's limit: 413 from Content-Length, unread", async () => {
    const res = await post("/small", wideBody());
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "The request body is larger than 16384 bytes, the most this route accepts.",
    );
    expect(await bytesRead()).toBeLessThan(256 * 1024);
  });

  it("refused before its parser (401): answered, the body unread", async () => {
    const res = await post("/guarded", wideBody());
    expect(res.status).toBe(401);
    expect(await bytesRead()).toBeLessThan(256 * 1024);
  });

  it("a body within the bounds is read and parsed as before, and the connection kept alive", async () => {
    const body = JSON.stringify(
      Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, "x".repeat(900)])),
    );
    expect(body.length).toBeGreaterThan(900_000);
    for (let i = 0; i < 2; i++) {
      const res = await post("/open", body);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ keys: 1000 });
      expect(res.headers.get("connection")).toBe("keep-alive");
    }
  });
});
