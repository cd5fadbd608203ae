import { AuthKit } from "../src/core/authkit.ts";
import { AuthKitEvents } from "../src/core/events.ts";
import { json, stubServer } from "./helpers/stub-server.ts";

describe("AuthKitEvents", () => {
  it("names every event of the spec", () => {
    expect(AuthKitEvents).toEqual({
      PASSKEY_START: "authkit:passkey:start",
      PASSKEY_SUCCESS: "authkit:passkey:success",
      PASSKEY_ERROR: "authkit:passkey:error",
      QR_GENERATED: "authkit:qr:generated",
      QR_STATUS_CHANGE: "authkit:qr:status-change",
      QR_REFRESHED: "authkit:qr:refreshed",
      QR_SUCCESS: "authkit:qr:success",
      QR_ERROR: "authkit:qr:error",
      QR_EXPIRED: "authkit:qr:expired",
      PASSKEY_ADDED: "authkit:passkey:added",
      PASSKEY_DELETED: "authkit:passkey:deleted",
      PASSKEYS_LOADED: "authkit:passkeys:loaded",
      AUTH_SUCCESS: "authkit:auth:success",
      AUTH_ERROR: "authkit:auth:error",
    });
  });
});

describe("AuthKit", () => {
  it("strips trailing slashes and applies the defaults", () => {
    const auth = new AuthKit({ apiBaseUrl: "https://auth.example.com///" });
    expect(auth.getApiBaseUrl()).toBe("https://auth.example.com");
    expect(auth.getConfig()).toEqual({
      apiBaseUrl: "https://auth.example.com",
      debug: false,
      timeout: 30000,
      qrPollInterval: 2000,
      qrExpirationTime: 300000,
      locale: "en",
    });
    expect(() => new AuthKit({ apiBaseUrl: "" })).toThrow(/apiBaseUrl is required/);
    expect(() => new AuthKit({ apiBaseUrl: "https://a", timeout: -1 })).toThrow(/timeout/);
  });

  it("delivers events to on and once handlers, stops after off, and mirrors them on window", () => {
    const target = new EventTarget();
    (globalThis as { window?: unknown }).window = target;
    try {
      const auth = new AuthKit({ apiBaseUrl: "https://a" });
      const seen: unknown[] = [];
      const handler = (detail: unknown) => seen.push(["on", detail]);
      auth.on(AuthKitEvents.PASSKEY_DELETED, handler);
      auth.once(AuthKitEvents.PASSKEY_DELETED, (detail) => seen.push(["once", detail]));
      target.addEventListener(AuthKitEvents.PASSKEY_DELETED, (event) =>
        seen.push(["window", (event as CustomEvent).detail]),
      );
      auth.emit(AuthKitEvents.PASSKEY_DELETED, { passkeyId: "p1" });
      auth.off(AuthKitEvents.PASSKEY_DELETED, handler);
      auth.emit(AuthKitEvents.PASSKEY_DELETED, { passkeyId: "p2" });
      expect(seen).toEqual([
        ["on", { passkeyId: "p1" }],
        ["once", { passkeyId: "p1" }],
        ["window", { passkeyId: "p1" }],
        ["window", { passkeyId: "p2" }],
      ]);
    } finally {
      delete (globalThis as { window?: unknown }).window;
    }
  });
});

describe("event details of the modules", () => {
  const user = { id: "u1", externalId: "ada", displayName: "Ada" };
  let server: Awaited<ReturnType<typeof stubServer>>;
  beforeAll(async () => {
    server = await stubServer((req, res) => {
      if (req.path === "/auth/v1/password/login") {
        const { password } = req.body as { password: string };
        if (password === "right") return json(res, 200, { success: true, user, challengeId: "ch_1" });
        return json(res, 401, {
          success: false,
          error_code: "invalid_credentials",
          error: "Invalid username or password.",
        });
      }
      if (req.path === "/auth/v1/passkeys")
        return json(res, 200, [{ id: "p1", name: "Key", created_at: "2026-01-01T00:00:00.000Z" }]);
      if (req.method === "DELETE") return res.writeHead(204).end();
      json(res, 404, { success: false, error_code: "not_found", error: "No." });
    });
  });
  afterAll(() => server.close());

  function recordAll(auth: AuthKit) {
    const seen: [string, unknown][] = [];
    for (const name of Object.values(AuthKitEvents)) auth.on(name, (detail) => seen.push([name, detail]));
    return seen;
  }

  it("password.login: AUTH_SUCCESS { user, challengeId }, or AUTH_ERROR { error, code }", async () => {
    const auth = new AuthKit({ apiBaseUrl: server.url, token: "st_1" });
    const seen = recordAll(auth);
    const onSuccess = jest.fn();
    await expect(auth.password.login({ username: "ada", password: "right", onSuccess })).resolves.toEqual({
      success: true,
      user,
      challengeId: "ch_1",
    });
    expect(onSuccess).toHaveBeenCalledWith({ success: true, user, challengeId: "ch_1" });
    const onError = jest.fn();
    await expect(auth.password.login({ username: "ada", password: "wrong", onError })).resolves.toEqual({
      success: false,
      error_code: "invalid_credentials",
      error: "Invalid username or password.",
    });
    expect(onError.mock.calls[0]?.[0]).toMatchObject({
      code: "invalid_credentials",
      serverCode: "invalid_credentials",
    });
    expect(seen).toEqual([
      ["authkit:auth:success", { user, challengeId: "ch_1" }],
      [
        "authkit:auth:error",
        { error: expect.objectContaining({ name: "AuthKitError" }), code: "invalid_credentials" },
      ],
    ]);
    expect(server.requests.find((r) => r.path === "/auth/v1/password/login")?.headers.authorization).toBe(
      "Bearer st_1",
    );
  });

  it("management: PASSKEYS_LOADED { count } and PASSKEY_DELETED { passkeyId }", async () => {
    const auth = new AuthKit({ apiBaseUrl: server.url });
    const seen = recordAll(auth);
    await expect(auth.management.list()).resolves.toHaveLength(1);
    await auth.management.delete("p/1");
    expect(seen).toEqual([
      ["authkit:passkeys:loaded", { count: 1 }],
      ["authkit:passkey:deleted", { passkeyId: "p/1" }],
    ]);
    expect(server.requests.at(-1)).toMatchObject({ method: "DELETE", path: "/auth/v1/passkeys/p%2F1" });
  });
});
