import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Request } from "express";
import {
  assertCsrf,
  csrfTokenOf,
  parseCookieHeader,
  readOrCreateSecretFile,
  SessionCookie,
  sessionIsLive,
} from "../src/index.ts";

const request = (method: string, headers: Record<string, string> = {}) =>
  ({ method, get: (name: string) => headers[name.toLowerCase()] }) as unknown as Request;

describe("CSRF", () => {
  it("lets reads through and wants the session's token on every write", () => {
    const secret = "ws_secret";
    expect(() => assertCsrf(request("GET"), secret)).not.toThrow();
    expect(() => assertCsrf(request("POST"), secret)).toThrow("Missing or invalid CSRF token");
    expect(() => assertCsrf(request("DELETE", { "x-csrf-token": csrfTokenOf("other") }), secret)).toThrow(
      "Missing or invalid CSRF token",
    );
    expect(() => assertCsrf(request("PATCH", { "x-csrf-token": csrfTokenOf(secret) }), secret)).not.toThrow();
  });
});

describe("session cookie", () => {
  it("reads its value from a Cookie header, ignoring malformed parts", () => {
    const cookie = new SessionCookie({
      name: "board_session",
      publicUrl: "http://localhost:4000",
      sameSite: "lax",
    });
    expect(cookie.read("a=1; board_session=ws_x%2By; board_session=second")).toBe("ws_x+y");
    expect(cookie.read("board_session=%E0%A4%A")).toBeUndefined();
    expect(cookie.read(undefined)).toBeUndefined();
    expect(parseCookieHeader('x="quoted"; =nameless; y')).toEqual({ x: "quoted" });
  });

  it("expires when revoked, past its absolute end, or idle too long", () => {
    const now = Date.parse("2026-11-22T12:00:00Z");
    const lifetime = { idleMs: 60_000, absoluteMs: 3_600_000 };
    const live = { lastSeenAt: new Date(now - 30_000), expiresAt: new Date(now + 1000), revokedAt: null };
    expect(sessionIsLive(live, lifetime, now)).toBe(true);
    expect(sessionIsLive({ ...live, revokedAt: new Date(now) }, lifetime, now)).toBe(false);
    expect(sessionIsLive({ ...live, expiresAt: new Date(now) }, lifetime, now)).toBe(false);
    expect(sessionIsLive({ ...live, lastSeenAt: new Date(now - 60_000) }, lifetime, now)).toBe(false);
  });
});

describe("readOrCreateSecretFile", () => {
  it("creates the secret once (mode 0600) and returns the same one to every later caller", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "secret-file-"));
    try {
      const file = path.join(dir, "nested", "key");
      const first = readOrCreateSecretFile(file, "ak");
      expect(first).toMatch(/^ak_[\w-]{43}$/);
      expect(readOrCreateSecretFile(file, "ak")).toBe(first);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await readFile(file, "utf8")).trim()).toBe(first);
      await writeFile(file, "  \n");
      expect(() => readOrCreateSecretFile(file, "ak")).toThrow("is empty");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
