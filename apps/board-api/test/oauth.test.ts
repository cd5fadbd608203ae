// OAuth 2.1 for agents' hosts, over HTTP: discovery (RFC 9728, RFC 8414), the 401 challenges,
// registration (RFC 7591) and metadata documents, the authorization code flow with PKCE through
// the consent endpoints, tokens (rotation, reuse, revocation), resources and scopes.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { startWebSession } from "../src/services/web-sessions.ts";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { makeUser } from "../src/testing/fixtures.ts";

const PUBLIC_URL = "https://board.example.com";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL, RATE_LIMIT_OAUTH_REGISTER_PER_MINUTE: "40" });
});
afterAll(() => t.close());

describe("discovery", () => {
  it("publishes the protected-resource metadata of /mcp at the path-suffixed location", async () => {
    const res = await request(t.app).get("/.well-known/oauth-protected-resource/mcp");
    expect(res.status).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.body).toMatchObject({
      resource: `${PUBLIC_URL}/mcp`,
      authorization_servers: [PUBLIC_URL],
      scopes_supported: ["board:read", "board:write"],
      bearer_methods_supported: ["header"],
    });
  });

  it("publishes /api/v1's at the origin's location (and path-suffixed)", async () => {
    for (const path of [
      "/.well-known/oauth-protected-resource",
      "/.well-known/oauth-protected-resource/api/v1",
    ]) {
      const res = await request(t.app).get(path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        resource: `${PUBLIC_URL}/api/v1`,
        authorization_servers: [PUBLIC_URL],
      });
    }
  });

  it("publishes the authorization server's metadata (RFC 8414)", async () => {
    const res = await request(t.app).get("/.well-known/oauth-authorization-server");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      issuer: PUBLIC_URL,
      authorization_endpoint: `${PUBLIC_URL}/oauth/authorize`,
      token_endpoint: `${PUBLIC_URL}/oauth/token`,
      registration_endpoint: `${PUBLIC_URL}/oauth/register`,
      revocation_endpoint: `${PUBLIC_URL}/oauth/revoke`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
      scopes_supported: ["board:read", "board:write"],
    });
  });
});

describe("401 challenges", () => {
  const mcpMetadata = `resource_metadata="${PUBLIC_URL}/.well-known/oauth-protected-resource/mcp"`;
  const apiMetadata = `resource_metadata="${PUBLIC_URL}/.well-known/oauth-protected-resource"`;

  it("points /mcp at its metadata, without and with a bad token", async () => {
    const missing = await request(t.app).post("/mcp").send({ jsonrpc: "2.0", id: 1, method: "ping" });
    expect(missing.status).toBe(401);
    expect(missing.headers["www-authenticate"]).toBe(`Bearer realm="board-api", ${mcpMetadata}`);
    const bad = await request(t.app)
      .post("/mcp")
      .set("Authorization", "Bearer bat_nope")
      .send({ jsonrpc: "2.0", id: 1, method: "ping" });
    expect(bad.status).toBe(401);
    expect(bad.headers["www-authenticate"]).toBe(
      `Bearer realm="board-api", ${mcpMetadata}, error="invalid_token"`,
    );
  });

  it("points /api/v1 at its metadata, without and with a bad token", async () => {
    const missing = await request(t.app).get("/api/v1/projects");
    expect(missing.status).toBe(401);
    expect(missing.headers["www-authenticate"]).toBe(`Bearer realm="board-api", ${apiMetadata}`);
    const bad = await request(t.app).get("/api/v1/projects").set("Authorization", "Bearer bt_nope");
    expect(bad.headers["www-authenticate"]).toBe(
      `Bearer realm="board-api", ${apiMetadata}, error="invalid_token"`,
    );
  });
});

const REDIRECT = "http://127.0.0.1:33418/callback";
const MCP_RESOURCE = `${PUBLIC_URL}/mcp`;

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

async function register(body: Record<string, unknown> = {}) {
  const res = await request(t.app)
    .post("/oauth/register")
    .send({ client_name: "Test host", redirect_uris: ["http://127.0.0.1/callback"], ...body });
  return res;
}

/** A signed-in person of the web app: their session cookie and CSRF token, and an API token. */
async function person() {
  const made = await makeUser(t);
  const session = await startWebSession({
    db: t.database.db,
    userId: made.user.id,
    lifetime: { idleMs: 600_000, absoluteMs: 600_000 },
  });
  return { ...made, cookie: `board_session=${session.token}`, csrf: session.csrfToken };
}
type Person = Awaited<ReturnType<typeof person>>;

function authorizeQuery(clientId: string, challenge: string, extra: Record<string, string> = {}) {
  return {
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "st-123",
    resource: MCP_RESOURCE,
    scope: "board:read board:write",
    ...extra,
  };
}

/** The consent page's decision, as the page posts it. */
async function decide(
  who: Person,
  query: Record<string, string>,
  approve: boolean,
  projectIds: string[] | null = null,
) {
  const res = await request(t.app)
    .post("/app/auth/oauth/authorize")
    .set("Cookie", who.cookie)
    .set("X-CSRF-Token", who.csrf)
    .send({ query, approve, project_ids: projectIds });
  expect(res.status).toBe(200);
  return new URL(res.body.redirect_to as string);
}

async function token(form: Record<string, string>) {
  return request(t.app).post("/oauth/token").type("form").send(form);
}

/** One registered client for the flows (registration is rate limited per IP). */
let sharedClient: string | undefined;

/** Consent and code exchange: a token pair for `who`. */
async function connect(
  who: Person,
  { scope = "board:read board:write", projectIds = null as string[] | null, resource = MCP_RESOURCE } = {},
) {
  sharedClient ??= (await register({ redirect_uris: ["http://127.0.0.1/callback"] })).body
    .client_id as string;
  const client = sharedClient;
  const { verifier, challenge } = pkce();
  const back = await decide(who, authorizeQuery(client, challenge, { scope, resource }), true, projectIds);
  const code = back.searchParams.get("code")!;
  const res = await token({
    grant_type: "authorization_code",
    code,
    client_id: client,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
    resource,
  });
  expect(res.status).toBe(200);
  return { client, code, verifier, ...(res.body as { access_token: string; refresh_token: string }) };
}

const mcpCall = (accessToken: string, body: object) =>
  request(t.app)
    .post("/mcp")
    .set("Authorization", `Bearer ${accessToken}`)
    .set("Accept", "application/json, text/event-stream")
    .send(body);

describe("registration (RFC 7591)", () => {
  it("registers a public client with loopback and https redirect URIs", async () => {
    const res = await register({
      redirect_uris: ["http://127.0.0.1/cb", "https://app.example.com/cb"],
      logo_uri: "https://app.example.com/logo.png",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      client_id: expect.stringMatching(/^bcl_/),
      client_name: "Test host",
      redirect_uris: ["http://127.0.0.1/cb", "https://app.example.com/cb"],
      token_endpoint_auth_method: "none",
      response_types: ["code"],
    });
  });

  it("refuses redirect URIs that are neither https nor loopback, and confidential clients", async () => {
    for (const uri of ["http://evil.example.com/cb", "javascript:alert(1)", "https://app.example.com/cb#x"]) {
      const res = await register({ redirect_uris: [uri] });
      expect([uri, res.status, res.body.error]).toEqual([uri, 400, "invalid_redirect_uri"]);
    }
    const secret = await register({ token_endpoint_auth_method: "client_secret_basic" });
    expect(secret.body.error).toBe("invalid_client_metadata");
  });

  it("expires registrations nobody used", async () => {
    const res = await register();
    await t.database.db.oAuthClient.update({
      where: { clientId: res.body.client_id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const { challenge } = pkce();
    const authorize = await request(t.app)
      .get("/oauth/authorize")
      .query(authorizeQuery(res.body.client_id, challenge));
    expect(authorize.status).toBe(400);
    expect(authorize.body.error).toBe("invalid_client");
  });
});

describe("client ID metadata documents", () => {
  it("refuses a document on a private or loopback address", async () => {
    const { challenge } = pkce();
    for (const clientId of [
      "https://127.0.0.1:9/client.json",
      "https://10.0.0.1/client.json",
      "https://localhost/client.json",
    ]) {
      const res = await request(t.app).get("/oauth/authorize").query(authorizeQuery(clientId, challenge));
      expect([clientId, res.status, res.body.error]).toEqual([clientId, 400, "invalid_client"]);
      expect(res.body.error_description).toMatch(/not a public address/);
    }
  });

  it("reads a document when loopback is allowed, and checks its client_id and redirect URIs", async () => {
    // Served over plain http on loopback: the resolver is given the options a closed network would
    // configure (OAUTH_CLIENT_METADATA_ALLOW_PRIVATE), plus http, which production never allows.
    const documents = new Map<string, object>();
    const server = http.createServer((req, res) => {
      const doc = documents.get(req.url ?? "");
      if (!doc) return void res.writeHead(404).end();
      res.setHeader("Content-Type", "application/json");
      res.setHeader("Cache-Control", "max-age=120");
      res.end(JSON.stringify(doc));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { resolveClient } = await import("../src/oauth/clients.ts");
      const options = { fetch: { allowPrivateAddresses: true, protocols: ["http:", "https:"] as const } };
      const id = `${base}/client.json`;
      documents.set("/client.json", { client_id: id, client_name: "Doc host", redirect_uris: [REDIRECT] });
      const client = await resolveClient(t.database.db, id, options);
      expect(client).toMatchObject({ kind: "metadata_document", name: "Doc host", redirectUris: [REDIRECT] });
      expect(client.expiresAt!.getTime() - Date.now()).toBeGreaterThan(100_000);
      documents.set("/other.json", {
        client_id: "https://elsewhere.example/c.json",
        redirect_uris: [REDIRECT],
      });
      await expect(resolveClient(t.database.db, `${base}/other.json`, options)).rejects.toThrow(
        "names another client_id",
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("authorization", () => {
  let ada: Person;
  let client: string;
  beforeAll(async () => {
    ada = await person();
    client = (await register({ redirect_uris: ["http://127.0.0.1/callback"] })).body.client_id;
  });

  it("sends a valid request to the web app's consent page", async () => {
    const { challenge } = pkce();
    const res = await request(t.app).get("/oauth/authorize").query(authorizeQuery(client, challenge));
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(/^\/app\/oauth\/authorize\?response_type=code&client_id=bcl_/);
  });

  it("never redirects to an unregistered redirect_uri", async () => {
    const { challenge } = pkce();
    const res = await request(t.app)
      .get("/oauth/authorize")
      .query(authorizeQuery(client, challenge, { redirect_uri: "http://evil.example.com/callback" }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect(res.headers.location).toBeUndefined();
  });

  it("accepts any port on loopback (RFC 8252), exact paths only", async () => {
    const { challenge } = pkce();
    const ok = await request(t.app)
      .get("/oauth/authorize")
      .query(authorizeQuery(client, challenge, { redirect_uri: "http://127.0.0.1:5999/callback" }));
    expect(ok.status).toBe(302);
    const other = await request(t.app)
      .get("/oauth/authorize")
      .query(authorizeQuery(client, challenge, { redirect_uri: "http://127.0.0.1:5999/other" }));
    expect(other.status).toBe(400);
  });

  it("sends PKCE-less, plain-PKCE and other-resource requests back with an error, state and iss", async () => {
    const { challenge } = pkce();
    const cases: Array<[Record<string, string>, string]> = [
      [{ code_challenge: "" }, "invalid_request"],
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ resource: "https://other.example.com/mcp" }, "invalid_target"],
      [{ resource: "" }, "invalid_target"],
      [{ scope: "admin" }, "invalid_scope"],
      [{ response_type: "token" }, "unsupported_response_type"],
    ];
    for (const [extra, error] of cases) {
      const res = await request(t.app)
        .get("/oauth/authorize")
        .query(authorizeQuery(client, challenge, extra));
      expect(res.status).toBe(302);
      const back = new URL(res.headers.location as string);
      expect([extra, back.origin + back.pathname, back.searchParams.get("error")]).toEqual([
        extra,
        REDIRECT,
        error,
      ]);
      expect(back.searchParams.get("state")).toBe("st-123");
      expect(back.searchParams.get("iss")).toBe(PUBLIC_URL);
    }
  });

  it("shows the consent page what it needs, signed in only", async () => {
    const { challenge } = pkce();
    const signedOut = await request(t.app)
      .get("/app/auth/oauth/authorize")
      .query(authorizeQuery(client, challenge));
    expect(signedOut.status).toBe(401);
    const res = await request(t.app)
      .get("/app/auth/oauth/authorize")
      .set("Cookie", ada.cookie)
      .query(authorizeQuery(client, challenge));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      client: { client_id: client, name: "Test host" },
      redirect_host: "127.0.0.1:33418",
      redirect_verified: false,
      scopes: ["board:read", "board:write"],
      resource: MCP_RESOURCE,
    });
  });

  it("a denial returns access_denied with state and iss", async () => {
    const { challenge } = pkce();
    const back = await decide(ada, authorizeQuery(client, challenge), false);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("st-123");
    expect(back.searchParams.get("iss")).toBe(PUBLIC_URL);
    expect(back.searchParams.get("code")).toBeNull();
  });

  it("an approval needs a passkey used in the last 5 minutes (step_up_required); a denial does not", async () => {
    const stale = await person();
    await t.database.db.webSession.updateMany({
      where: { userId: stale.user.id },
      data: { steppedUpAt: new Date(Date.now() - 6 * 60_000) },
    });
    const { challenge } = pkce();
    const res = await request(t.app)
      .post("/app/auth/oauth/authorize")
      .set("Cookie", stale.cookie)
      .set("X-CSRF-Token", stale.csrf)
      .send({ query: authorizeQuery(client, challenge), approve: true, project_ids: null });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("step_up_required");
    expect(await t.database.db.oAuthGrant.count({ where: { userId: stale.user.id } })).toBe(0);
    const denied = await decide(stale, authorizeQuery(client, challenge), false);
    expect(denied.searchParams.get("error")).toBe("access_denied");
  });

  it("an approval needs the page's CSRF token", async () => {
    const { challenge } = pkce();
    const res = await request(t.app)
      .post("/app/auth/oauth/authorize")
      .set("Cookie", ada.cookie)
      .send({ query: authorizeQuery(client, challenge), approve: true, project_ids: null });
    expect(res.status).toBe(403);
  });

  it("the consent endpoints: never cached, back to the app for what it may hear, the board's errors for the rest", async () => {
    const { challenge } = pkce();
    const shown = await request(t.app)
      .get("/app/auth/oauth/authorize")
      .set("Cookie", ada.cookie)
      .query(authorizeQuery(client, challenge));
    expect([shown.status, shown.headers["cache-control"]]).toEqual([200, "no-store"]);
    const back = await request(t.app)
      .get("/app/auth/oauth/authorize")
      .set("Cookie", ada.cookie)
      .query(authorizeQuery(client, challenge, { scope: "admin" }));
    expect([back.status, back.headers["cache-control"]]).toEqual([200, "no-store"]);
    expect(new URL(back.body.redirect_to as string).searchParams.get("error")).toBe("invalid_scope");
    // Neither the client nor its redirect URI can be trusted with an answer: the person reads why.
    const unknown = await request(t.app)
      .get("/app/auth/oauth/authorize")
      .set("Cookie", ada.cookie)
      .query(authorizeQuery("bcl_nobody", challenge));
    expect([unknown.status, unknown.body.error.code]).toEqual([422, "validation_failed"]);
    expect(unknown.body.error.message).toMatch(/Unknown client_id\. Start again from the app/);

    const post = (body: object, origin?: string) => {
      const req = request(t.app)
        .post("/app/auth/oauth/authorize")
        .set("Cookie", ada.cookie)
        .set("X-CSRF-Token", ada.csrf);
      return (origin ? req.set("Origin", origin) : req).send(body);
    };
    const query = authorizeQuery(client, challenge);
    const foreign = await post({ query, approve: true }, "https://evil.example");
    expect([foreign.status, foreign.body.error.code]).toEqual([403, "forbidden"]);
    const ours = await post({ query, approve: false }, PUBLIC_URL);
    expect([ours.status, ours.headers["cache-control"]]).toEqual([200, "no-store"]);
    expect(new URL(ours.body.redirect_to as string).searchParams.get("error")).toBe("access_denied");
    const wrong = await post({ query, approve: true, project_ids: [] });
    expect([wrong.status, wrong.body.error.details]).toEqual([
      422,
      [
        {
          path: "project_ids",
          message: "project_ids is null (every project) or a list of 1 to 200 project ids.",
        },
      ],
    ]);
    const shapeless = await post({ query: "client_id=x", approve: "yes" });
    expect(shapeless.status).toBe(422);
  });
});

describe("tokens", () => {
  let ada: Person;
  beforeAll(async () => {
    ada = await person();
  });

  it("exchanges a code for bat_/brt_ tokens that open /mcp", async () => {
    const pair = await connect(ada);
    expect(pair.access_token).toMatch(/^bat_/);
    expect(pair.refresh_token).toMatch(/^brt_/);
    const rows = await t.database.db.oAuthToken.findMany({ where: { grant: { userId: ada.user.id } } });
    expect(JSON.stringify(rows)).not.toContain(pair.access_token);
    const list = await mcpCall(pair.access_token, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(list.status).toBe(200);
    expect(list.body.result.tools.length).toBeGreaterThan(0);
  });

  it("refuses a wrong or missing verifier, another redirect_uri and a replayed code (which revokes the grant)", async () => {
    const client = (await register()).body.client_id as string;
    const { verifier, challenge } = pkce();
    const back = await decide(ada, authorizeQuery(client, challenge), true);
    const code = back.searchParams.get("code")!;
    const base = { grant_type: "authorization_code", code, client_id: client, redirect_uri: REDIRECT };
    expect((await token({ ...base })).body.error).toBe("invalid_request");
    expect((await token({ ...base, code_verifier: pkce().verifier })).body.error).toBe("invalid_grant");
    expect(
      (await token({ ...base, code_verifier: verifier, redirect_uri: "http://127.0.0.1:1/callback" })).body
        .error,
    ).toBe("invalid_grant");
    const first = await token({ ...base, code_verifier: verifier });
    expect(first.status).toBe(200);
    const replay = await token({ ...base, code_verifier: verifier });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("invalid_grant");
    const after = await mcpCall(first.body.access_token, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(after.status).toBe(401);
  });

  it("rotates refresh tokens; a replayed one revokes the whole grant", async () => {
    const pair = await connect(ada);
    const refresh = (refreshToken: string) =>
      token({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: pair.client });
    const second = await refresh(pair.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(pair.refresh_token);
    const replay = await refresh(pair.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("invalid_grant");
    expect((await refresh(second.body.refresh_token)).body.error).toBe("invalid_grant");
    const res = await mcpCall(second.body.access_token, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(res.status).toBe(401);
    expect(res.headers["www-authenticate"]).toMatch(/error="invalid_token"/);
  });

  it("binds tokens to their resource: an /mcp token is refused by /api/v1", async () => {
    const pair = await connect(ada);
    const res = await request(t.app).get("/api/v1/me").set("Authorization", `Bearer ${pair.access_token}`);
    expect(res.status).toBe(401);
    expect(res.headers["www-authenticate"]).toMatch(/error="invalid_token"/);
    const api = await connect(ada, { resource: `${PUBLIC_URL}/api/v1` });
    const me = await request(t.app).get("/api/v1/me").set("Authorization", `Bearer ${api.access_token}`);
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(ada.user.id);
  });

  it("a read grant is read-only: MCP offers no writing tool, HTTP writes are insufficient_scope", async () => {
    const mcp = await connect(ada, { scope: "board:read" });
    const list = await mcpCall(mcp.access_token, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    const names = (list.body.result.tools as Array<{ name: string }>).map((tool) => tool.name);
    expect(names).toContain("list_projects");
    expect(names).not.toContain("create_card");
    const api = await connect(ada, { scope: "board:read", resource: `${PUBLIC_URL}/api/v1` });
    const write = await request(t.app)
      .post("/api/v1/projects")
      .set("Authorization", `Bearer ${api.access_token}`)
      .send({ name: "Nope" });
    expect(write.status).toBe(403);
    expect(write.headers["www-authenticate"]).toMatch(/error="insufficient_scope", scope="board:write"/);
    const read = await request(t.app)
      .get("/api/v1/projects")
      .set("Authorization", `Bearer ${api.access_token}`);
    expect(read.status).toBe(200);
  });

  it("revokes through RFC 7009: an access token alone, a refresh token with its grant", async () => {
    const pair = await connect(ada);
    const revoked = await request(t.app)
      .post("/oauth/revoke")
      .type("form")
      .send({ token: pair.access_token, client_id: pair.client });
    expect(revoked.status).toBe(200);
    expect((await mcpCall(pair.access_token, { jsonrpc: "2.0", id: 1, method: "tools/list" })).status).toBe(
      401,
    );
    const again = await token({
      grant_type: "refresh_token",
      refresh_token: pair.refresh_token,
      client_id: pair.client,
    });
    expect(again.status).toBe(200);
    await request(t.app)
      .post("/oauth/revoke")
      .type("form")
      .send({ token: again.body.refresh_token, client_id: pair.client });
    expect(
      (await mcpCall(again.body.access_token, { jsonrpc: "2.0", id: 1, method: "tools/list" })).status,
    ).toBe(401);
    const unknown = await request(t.app).post("/oauth/revoke").type("form").send({ token: "brt_unknown" });
    expect(unknown.status).toBe(200);
  });

  it("API tokens keep working as before", async () => {
    expect((await ada.api.get("/me")).status).toBe(200);
  });
});

describe("Account: connected apps", () => {
  it("lists grants and revokes one, which ends its tokens at once", async () => {
    const bob = await person();
    const pair = await connect(bob, { resource: `${PUBLIC_URL}/api/v1` });
    const list = await bob.api.get("/me/grants");
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        id: expect.any(String),
        client_id: pair.client,
        client_name: "Test host",
        client_uri: null,
        scopes: ["board:read", "board:write"],
        project_ids: null,
        projects: null,
        created_at: expect.any(String),
        last_used_at: null,
      },
    ]);
    const used = await request(t.app).get("/api/v1/me").set("Authorization", `Bearer ${pair.access_token}`);
    expect(used.status).toBe(200);
    const byApp = await request(t.app)
      .get("/api/v1/me/grants")
      .set("Authorization", `Bearer ${pair.access_token}`);
    expect(byApp.status).toBe(403);
    const again = await bob.api.get("/me/grants");
    expect(again.body.data[0].last_used_at).toEqual(expect.any(String));
    const gone = await bob.api.delete(`/me/grants/${list.body.data[0].id}`);
    expect(gone.status).toBe(204);
    const after = await request(t.app).get("/api/v1/me").set("Authorization", `Bearer ${pair.access_token}`);
    expect(after.status).toBe(401);
    const refresh = await token({
      grant_type: "refresh_token",
      refresh_token: pair.refresh_token,
      client_id: pair.client,
    });
    expect(refresh.body.error).toBe("invalid_grant");
    expect((await bob.api.get("/me/grants")).body.data).toEqual([]);
    expect((await bob.api.delete(`/me/grants/${list.body.data[0].id}`)).status).toBe(404);
  });

  it("an OAuth token can neither list nor revoke them (403, saying so); a malformed id is not found", async () => {
    const erin = await person();
    const pair = await connect(erin, { resource: `${PUBLIC_URL}/api/v1` });
    const grant = (await erin.api.get("/me/grants")).body.data[0];
    for (const res of [
      await request(t.app).get("/api/v1/me/grants").set("Authorization", `Bearer ${pair.access_token}`),
      await request(t.app)
        .delete(`/api/v1/me/grants/${grant.id}`)
        .set("Authorization", `Bearer ${pair.access_token}`),
    ]) {
      expect([res.status, res.body.error]).toEqual([
        403,
        { code: "forbidden", message: "OAuth access tokens cannot manage connected apps." },
      ]);
    }
    expect((await erin.api.get("/me/grants")).body.data).toHaveLength(1);
    expect((await erin.api.delete("/me/grants/not-a-grant")).status).toBe(404);
  });

  it("another person's grant is not found", async () => {
    const carol = await person();
    const dave = await person();
    await connect(carol);
    const grant = (await carol.api.get("/me/grants")).body.data[0];
    expect((await dave.api.delete(`/me/grants/${grant.id}`)).status).toBe(404);
    expect((await carol.api.get("/me/grants")).body.data).toHaveLength(1);
  });
});

describe("registration limits", () => {
  it("rate-limits registrations per client IP", async () => {
    let status = 201;
    for (let i = 0; i < 41 && status === 201; i += 1) status = (await register()).status;
    expect(status).toBe(429);
  });
});
