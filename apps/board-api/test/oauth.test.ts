// OAuth 2.1 for agents' hosts, over HTTP: discovery (RFC 9728, RFC 8414) and the 401 challenges.
import request from "supertest";
import { createTestApp, type TestApp } from "./helpers/app.ts";

const PUBLIC_URL = "https://board.example.com";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
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
