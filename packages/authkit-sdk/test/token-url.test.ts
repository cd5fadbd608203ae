// The site's own token URLs (`session-token-url`, `assertion-url`): their failures name the cause.
import { AuthKit } from "../src/core/authkit.ts";
import { describeError, loadLocale } from "../src/i18n/index.ts";
import { retryHelps, type AuthKitError } from "../src/core/errors.ts";
import { fetchFromTokenUrl } from "../src/components/base/token-url.ts";
import { json, stubServer } from "./helpers/stub-server.ts";

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

/** One server playing both the site (`/token`) and the auth server (`/auth/v1/…`). */
async function setup(
  site: Reply,
  authServer: Reply = { status: 401, body: { error_code: "unauthenticated" } },
) {
  const server = await stubServer((req, res) => {
    const reply = req.path.startsWith("/auth/v1/") ? authServer : site;
    json(res, reply.status, reply.body ?? {}, reply.headers ?? {});
  });
  (globalThis as { location?: unknown }).location = { href: `${server.url}/page`, origin: server.url };
  const auth = new AuthKit({ apiBaseUrl: server.url, timeout: 3000 });
  return { server, auth };
}

beforeAll(() => loadLocale("de"));

afterEach(() => {
  delete (globalThis as { location?: unknown }).location;
});

const failure = (auth: AuthKit, attribute: "session-token-url" | "assertion-url" = "session-token-url") =>
  fetchFromTokenUrl(auth, attribute, "/token", attribute === "assertion-url" ? "userToken" : "token").then(
    () => {
      throw new Error("expected a failure");
    },
    (error: unknown) => error as AuthKitError,
  );

describe("fetchFromTokenUrl", () => {
  it("returns the token of the answer", async () => {
    const { server, auth } = await setup({ status: 200, body: { userToken: "ut_1" } });
    try {
      await expect(fetchFromTokenUrl(auth, "assertion-url", "/token", "userToken")).resolves.toBe("ut_1");
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it("a 404 typo: token_url_failed with { attribute, status }, no request to the auth server, no retry", async () => {
    const { server, auth } = await setup({ status: 404, body: {} });
    try {
      const error = await failure(auth);
      expect(error).toMatchObject({
        code: "token_url_failed",
        detail: { attribute: "session-token-url", status: 404 },
      });
      expect(server.requests.map((r) => r.path)).toEqual(["/token"]);
      expect(retryHelps(error)).toBe(false);
      expect(describeError(error)).toBe(
        "Something went wrong on this site. Reload the page, or tell the site.",
      );
    } finally {
      await server.close();
    }
  });

  it("a signed-out page's 401 on assertion-url: token_url_failed, 'You're signed out of this site'", async () => {
    const { server, auth } = await setup({ status: 401, body: { error: "sign in first" } });
    try {
      const error = await failure(auth, "assertion-url");
      expect(error).toMatchObject({
        code: "token_url_failed",
        detail: { attribute: "assertion-url", status: 401 },
      });
      expect(describeError(error, { locale: "de", action: "management" })).toBe(
        "Sie sind bei dieser Website abgemeldet. Melden Sie sich erneut an.",
      );
    } finally {
      await server.close();
    }
  });

  it("a 500 while the auth server is well (a wrong API key): token_url_failed after one request to the auth server", async () => {
    const { server, auth } = await setup({ status: 500, body: {} });
    try {
      const error = await failure(auth);
      expect(error).toMatchObject({ code: "token_url_failed", detail: { status: 500 } });
      expect(server.requests.map((r) => r.path)).toEqual(["/token", "/auth/v1/session-token"]);
    } finally {
      await server.close();
    }
  });

  it("a 500 while the auth server's database is away: server_unreachable with retryAfter", async () => {
    const { server, auth } = await setup(
      { status: 500, body: {} },
      { status: 503, body: { error_code: "service_unavailable" }, headers: { "Retry-After": "7" } },
    );
    try {
      const error = await failure(auth);
      expect(error).toMatchObject({
        code: "server_unreachable",
        retryAfter: 7,
        detail: { attribute: "session-token-url", status: 500 },
      });
      expect(retryHelps(error)).toBe(true);
    } finally {
      await server.close();
    }
  });

  it("a 429 from the token URL: rate_limited with its Retry-After", async () => {
    const { server, auth } = await setup({ status: 429, body: {}, headers: { "Retry-After": "30" } });
    try {
      const error = await failure(auth);
      expect(error).toMatchObject({ code: "rate_limited", retryAfter: 30, detail: { status: 429 } });
      expect(describeError(error)).toBe("Too many attempts. Try again in 30 seconds.");
    } finally {
      await server.close();
    }
  });

  it("an answer without the token: token_url_failed with status 200", async () => {
    const { server, auth } = await setup({ status: 200, body: { token: "" } });
    try {
      await expect(failure(auth)).resolves.toMatchObject({
        code: "token_url_failed",
        detail: { attribute: "session-token-url", status: 200 },
      });
    } finally {
      await server.close();
    }
  });
});
