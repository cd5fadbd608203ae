import { AuthKitError } from "../src/core/errors.ts";
import { request } from "../src/core/http.ts";
import { json, stubServer } from "./helpers/stub-server.ts";

const settings = (apiBaseUrl: string, timeout = 2000, log = jest.fn()) => ({ apiBaseUrl, timeout, log });

describe("request()", () => {
  it("sends JSON with the token as Bearer and returns the JSON answer", async () => {
    const server = await stubServer((_req, res) => json(res, 200, { ok: true }));
    try {
      await expect(
        request(settings(server.url), { path: "/auth/v1/x", body: { a: 1 }, token: "st_secret" }),
      ).resolves.toEqual({ ok: true });
      expect(server.requests[0]).toMatchObject({
        method: "POST",
        path: "/auth/v1/x",
        body: { a: 1 },
        headers: expect.objectContaining({
          authorization: "Bearer st_secret",
          "content-type": "application/json",
        }),
      });
    } finally {
      await server.close();
    }
  });

  it("aborts after `timeout` ms with server_unreachable", async () => {
    const server = await stubServer(() => undefined); // never answers
    try {
      const started = Date.now();
      const failure = request(settings(server.url, 300), { path: "/slow" });
      await expect(failure).rejects.toMatchObject({
        code: "server_unreachable",
        message: "The server did not answer within 300 ms.",
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await server.close();
    }
  });

  it("gives server_unreachable when nothing listens", async () => {
    const server = await stubServer(() => undefined);
    await server.close();
    await expect(request(settings(server.url), { path: "/x" })).rejects.toMatchObject({
      code: "server_unreachable",
    });
  });

  it("reports a server whose database is away (503 service_unavailable) as server_unreachable, with Retry-After", async () => {
    const server = await stubServer((_req, res) =>
      json(
        res,
        503,
        { success: false, error_code: "service_unavailable", error: "Not ready: database unreachable." },
        { "Retry-After": "5" },
      ),
    );
    try {
      const error = (await request(settings(server.url), { path: "/x" }).catch(
        (e: unknown) => e,
      )) as AuthKitError;
      expect(error).toMatchObject({
        code: "server_unreachable",
        serverCode: "service_unavailable",
        retryAfter: 5,
        status: 503,
      });
    } finally {
      await server.close();
    }
  });

  it("maps rate_limited with Retry-After into retryAfter", async () => {
    const server = await stubServer((_req, res) =>
      json(
        res,
        429,
        { success: false, error_code: "rate_limited", error: "Too many requests." },
        { "Retry-After": "17" },
      ),
    );
    try {
      const error = (await request(settings(server.url), { path: "/x" }).catch(
        (e: unknown) => e,
      )) as AuthKitError;
      expect(error).toBeInstanceOf(AuthKitError);
      expect(error).toMatchObject({
        code: "rate_limited",
        retryAfter: 17,
        status: 429,
        message: "Too many requests.",
      });
    } finally {
      await server.close();
    }
  });

  it("maps the server's error_code, keeping it as serverCode", async () => {
    const server = await stubServer((_req, res) =>
      json(res, 400, { success: false, error_code: "verification_failed", error: "Bad signature." }),
    );
    try {
      await expect(request(settings(server.url), { path: "/x" })).rejects.toMatchObject({
        code: "server_error",
        serverCode: "verification_failed",
        status: 400,
        message: "Bad signature.",
      });
    } finally {
      await server.close();
    }
  });

  it("logs method, URL and status with debug, never the token", async () => {
    const server = await stubServer((_req, res) => json(res, 200, {}));
    const log = jest.fn();
    try {
      await request(settings(server.url, 2000, log), {
        path: "/auth/v1/x?secret=1",
        token: "st_very_secret",
      });
      const logged = JSON.stringify(log.mock.calls);
      expect(logged).toContain("/auth/v1/x");
      expect(logged).toContain("200");
      expect(logged).not.toContain("st_very_secret");
      expect(logged).not.toContain("secret=1");
    } finally {
      await server.close();
    }
  });
});
