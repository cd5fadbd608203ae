// The fetch client against a real HTTP server: what it sends (CSRF token on changes, JSON or
// multipart bodies) and what it makes of the answers (body, nothing, ApiError, 401, no server).
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  ApiError,
  createApiClient,
  errorMessage,
  pathSegment,
  queryString,
  type Send,
} from "../src/api-client.ts";

interface Seen {
  method: string;
  url: string;
  csrf: string | undefined;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let base = "";
const seen: Seen[] = [];
let unauthorized = 0;

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString()));
    request.on("end", () => resolve(text));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    seen.push({
      method: request.method ?? "",
      url: request.url ?? "",
      csrf: request.headers["x-csrf-token"] as string | undefined,
      contentType: request.headers["content-type"],
      body: await read(request),
    });
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    if (request.url?.startsWith("/api/things")) return json(200, { id: "1", name: "Thing" });
    if (request.url === "/api/empty") return response.writeHead(204).end();
    if (request.url === "/api/accepted") return response.writeHead(202).end();
    if (request.url === "/api/invalid")
      return json(400, {
        error: {
          code: "validation_failed",
          message: "Invalid.",
          details: [{ path: "name", message: "Required." }],
        },
      });
    if (request.url === "/api/session")
      return json(401, { error: { code: "unauthenticated", message: "Sign in." } });
    return response.writeHead(500, { "Content-Type": "text/plain" }).end("boom");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function client(overrides: { base?: string } = {}): Send {
  return createApiClient({
    base: overrides.base ?? base,
    csrfToken: async () => "csrf-123",
    emptyStatuses: [202],
    onUnauthorized: () => unauthorized++,
    readError(status, body) {
      const error = (body as { error?: { code: string; message: string; details?: [] } } | undefined)?.error;
      return new ApiError(
        status,
        error?.code ?? "internal",
        error?.message ?? `The server answered ${status}.`,
        error?.details,
      );
    },
    unreachable: () => new ApiError(0, "network", "The server cannot be reached."),
  });
}

describe("createApiClient", () => {
  beforeEach(() => {
    seen.length = 0;
    unauthorized = 0;
  });

  it("reads JSON, and sends the CSRF token with changes only", async () => {
    const send = client();
    await expect(
      send("GET", `/things${queryString({ q: "a b", limit: 5, cursor: undefined, empty: "" })}`),
    ).resolves.toEqual({ id: "1", name: "Thing" });
    await send("POST", "/things", { name: "Thing" });
    expect(seen).toEqual([
      { method: "GET", url: "/api/things?q=a+b&limit=5", csrf: undefined, contentType: undefined, body: "" },
      {
        method: "POST",
        url: "/api/things",
        csrf: "csrf-123",
        contentType: "application/json",
        body: '{"name":"Thing"}',
      },
    ]);
  });

  it("sends FormData as multipart", async () => {
    const form = new FormData();
    form.append("file", new Blob(["release notes"], { type: "text/plain" }), "notes.txt");
    await client()("POST", "/things/1/files", form);
    expect(seen[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]!.body).toContain("release notes");
  });

  it("answers nothing for 204 and the API's other empty statuses", async () => {
    await expect(client()("DELETE", "/empty")).resolves.toBeUndefined();
    await expect(client()("POST", "/accepted")).resolves.toBeUndefined();
  });

  it("turns the error envelope into an ApiError with the fields it names", async () => {
    const error = await client()("POST", "/invalid", {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "validation_failed", message: "Invalid." });
    expect(errorMessage(error)).toBe("name: Required.");
    await expect(client()("GET", "/broken")).rejects.toMatchObject({
      status: 500,
      code: "internal",
      message: "The server answered 500.",
    });
    expect(errorMessage(new Error("not ours"))).toBe("Something went wrong. Try again.");
  });

  it("reports a 401 before throwing its error", async () => {
    await expect(client()("GET", "/session")).rejects.toMatchObject({ status: 401, code: "unauthenticated" });
    expect(unauthorized).toBe(1);
  });

  it("says when the server cannot be reached", async () => {
    await expect(client({ base: "http://127.0.0.1:1/api" })("GET", "/things")).rejects.toMatchObject({
      status: 0,
      code: "network",
    });
  });
});

describe('pathSegment (issue 28: Disable on a user whose id is ".." disabled the tenant)', () => {
  beforeEach(() => {
    seen.length = 0;
  });
  const disable = (segment: string) => client()("POST", `/things/T/users/${segment}/disable`);

  it("is needed: encodeURIComponent keeps '..', and fetch resolves it to another route", async () => {
    await disable(encodeURIComponent("..")).catch(() => undefined);
    expect(seen.map((request) => request.url)).toEqual(["/api/things/T/disable"]);
  });

  it("refuses the ids a URL parser would resolve away, before any request", async () => {
    for (const id of [".", ".."]) {
      expect(() => pathSegment(id)).toThrow(ApiError);
      expect(() => pathSegment(id)).toThrow(/cannot be sent in an address/);
    }
    expect(seen).toEqual([]);
  });

  it("sends every other id as exactly one segment of the path it was put in", async () => {
    const ids = ["...", ".a", "a.", "%2e%2e", ".%2E", "a/../b", "..\\x", "?x", "#x", " .. ", "ü/é", "~!*'()"];
    for (const id of ids) await disable(pathSegment(id)).catch(() => undefined);
    const got = seen.map((request) => /^\/api\/things\/T\/users\/([^/]*)\/disable$/.exec(request.url)?.[1]);
    expect(got.map((segment) => (segment === undefined ? undefined : decodeURIComponent(segment)))).toEqual(
      ids,
    );
  });
});
