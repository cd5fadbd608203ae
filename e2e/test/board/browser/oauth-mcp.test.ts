// Issue 30's end-to-end test: the official MCP TypeScript client's OAuth support
// (`@modelcontextprotocol/sdk/client/auth`, an OAuthClientProvider written here as a host would)
// connects to /mcp from nothing, twice — once naming itself by a Client ID Metadata Document served
// over https from a local server (the board configured to fetch from private addresses and to trust
// that server's certificate), once by Dynamic Client Registration: 401 → metadata → registration →
// authorize in Chromium (a laptop's built-in passkey: sign in, consent limited to one project) →
// token → tools/list and a write → refresh → revoke in Account (clicked in the page) → 401.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { browserSuite, newProject, signUp, type Person } from "../../../src/board/browser.ts";
import {
  consent,
  mcpStatus,
  MemoryOAuthHost,
  recordingFetch,
  revokeInAccount,
  signIn,
} from "../../../src/board/oauth-host.ts";

// A certificate for 127.0.0.1, made for this run: the metadata document's server presents it and
// the board trusts it (OAUTH_CLIENT_METADATA_CA_FILE), as a closed network trusts its own CA.
const certDir = mkdtempSync(path.join(os.tmpdir(), "oauth-cimd-"));
const certFile = path.join(certDir, "cert.pem");
const keyFile = path.join(certDir, "key.pem");
execFileSync(
  "openssl",
  [
    ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
    ...["-keyout", keyFile, "-out", certFile, "-days", "1", "-subj", "/CN=127.0.0.1"],
    ...["-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
  ],
  { stdio: "ignore" },
);

const suite = browserSuite({
  env: { OAUTH_CLIENT_METADATA_ALLOW_PRIVATE: "true", OAUTH_CLIENT_METADATA_CA_FILE: certFile },
});

/** Where the browser is sent back: the host's loopback listener (answered by the page's route). */
const REDIRECT = "http://127.0.0.1:43117/callback";

/** The Client ID Metadata Document's server (https on loopback). */
let documents: https.Server;
let documentUrl: string;
beforeAll(async () => {
  documents = https.createServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, (req, res) => {
    if (req.url !== "/host/client.json") return void res.writeHead(404).end();
    res.setHeader("Content-Type", "application/json");
    res.end(
      JSON.stringify({
        client_id: documentUrl,
        client_name: "Doc Host",
        redirect_uris: [REDIRECT],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
      }),
    );
  });
  await new Promise<void>((resolve) => documents.listen(0, "127.0.0.1", resolve));
  documentUrl = `https://127.0.0.1:${(documents.address() as AddressInfo).port}/host/client.json`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => documents.close(() => resolve()));
  rmSync(certDir, { recursive: true, force: true });
});

function connectMcp(host: MemoryOAuthHost, paths: string[]) {
  const transport = new StreamableHTTPClientTransport(new URL(`${suite.services.board.url}/mcp`), {
    authProvider: host,
    fetch: recordingFetch(paths),
  });
  const client = new Client({ name: "e2e-oauth-host", version: "1.0.0" });
  return { client, transport, connected: client.connect(transport) };
}

const structured = <T>(answer: unknown): T => {
  const result = answer as CallToolResult;
  if (result.isError) throw new Error(JSON.stringify(result.content));
  return result.structuredContent as T;
};

/** The whole life of a connection, from nothing to revoked. */
async function fromNothingToRevoked(
  page: Person["page"],
  host: MemoryOAuthHost,
  {
    appName,
    project,
    keyboard,
    signedOut,
    shot,
  }: {
    appName: string;
    project: string;
    keyboard: boolean;
    signedOut: boolean;
    shot?: string;
  },
) {
  const paths: string[] = [];
  // 401 → metadata → registration → the authorization URL handed to the "browser".
  const first = connectMcp(host, paths);
  await expect(first.connected).rejects.toBeInstanceOf(UnauthorizedError);
  expect(paths[0]).toBe("POST /mcp");
  expect(paths).toContain("GET /.well-known/oauth-protected-resource/mcp");
  expect(paths).toContain("GET /.well-known/oauth-authorization-server");
  expect(paths.includes("POST /oauth/register")).toBe(host.clientMetadataUrl === undefined);
  const authorizationUrl = host.authorizationUrl!;
  expect(authorizationUrl.pathname).toBe("/oauth/authorize");
  expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorizationUrl.searchParams.get("resource")).toBe(`${suite.services.board.url}/mcp`);
  if (host.clientMetadataUrl) expect(authorizationUrl.searchParams.get("client_id")).toBe(documentUrl);

  // The browser: sign in if need be, consent limited to one project, back to the host.
  await page.goto(authorizationUrl.href);
  if (signedOut) await signIn(page);
  const back = await consent(page, {
    appName,
    project,
    keyboard,
    redirect: REDIRECT,
    ...(shot ? { shot } : {}),
  });
  expect(back.searchParams.get("iss")).toBe(suite.services.board.url);
  expect(back.searchParams.get("state")).toBe(authorizationUrl.searchParams.get("state"));
  await first.transport.finishAuth(back.searchParams.get("code")!);
  expect(paths[paths.length - 1]).toBe("POST /oauth/token");
  const issued = host.tokens()!;
  expect(issued.access_token).toMatch(/^bat_/);
  expect(issued.refresh_token).toMatch(/^brt_/);

  // Connected: tools/list, the one project, a write in it.
  const { client, connected } = connectMcp(host, paths);
  await connected;
  const tools = await client.listTools();
  expect(tools.tools.map((tool) => tool.name)).toEqual(
    expect.arrayContaining(["list_projects", "create_card"]),
  );
  const projects = structured<{ data: Array<{ id: string; name: string }> }>(
    await client.callTool({ name: "list_projects", arguments: {} }),
  );
  expect(projects.data.map((p) => p.name)).toEqual([project]);
  const board = structured<{ data: Array<{ id: string; name: string }> }>(
    await client.callTool({ name: "get_board", arguments: { project_id: projects.data[0]!.id } }),
  );
  const card = structured<{ id: string; title: string }>(
    await client.callTool({
      name: "create_card",
      arguments: { column_id: board.data[0]!.id, title: `Written by ${appName}` },
    }),
  );
  expect(card.title).toBe(`Written by ${appName}`);

  // Refresh: the access token ends (here revoked alone, RFC 7009, as if it expired); the next call
  // is answered 401, the client refreshes by itself (rotation) and the call goes through.
  const revoked = await fetch(`${suite.services.board.url}/oauth/revoke`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      token: issued.access_token,
      client_id: String(host.clientInformation()!.client_id),
    }),
  });
  expect(revoked.status).toBe(200);
  expect(await mcpStatus(`${suite.services.board.url}/mcp`, issued.access_token)).toBe(401);
  const before = paths.length;
  const again = structured<{ data: unknown[] }>(
    await client.callTool({ name: "list_projects", arguments: {} }),
  );
  expect(again.data).toHaveLength(1);
  expect(paths.slice(before)).toContain("POST /oauth/token");
  const refreshed = host.tokens()!;
  expect(refreshed.access_token).not.toBe(issued.access_token);
  expect(refreshed.refresh_token).not.toBe(issued.refresh_token);

  // Revoke in Account: the next call is 401 and the refresh token no longer works either.
  await revokeInAccount(page, suite.services.board.url, { appName, project });
  expect(await mcpStatus(`${suite.services.board.url}/mcp`, refreshed.access_token)).toBe(401);
  await expect(client.callTool({ name: "list_projects", arguments: {} })).rejects.toBeInstanceOf(
    UnauthorizedError,
  );
  await client.close().catch(() => undefined);
}

describe("an MCP host connects with OAuth (issue 30)", () => {
  it("by a client ID metadata document, then by registration: sign in, consent for one project, tools, refresh, revoke", async () => {
    const ada = await suite.person();
    const { page } = ada;
    const url = suite.services.board.url;
    // The host's loopback listener, where the browser is sent back with the code.
    await page.route(`${REDIRECT}**`, (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/plain",
        body: "Back at the host: you can close this tab.",
      }),
    );
    await signUp(page, url, { email: "ada@example.com", name: "Ada Lovelace" });
    await newProject(page, "Alpha");
    await newProject(page, "Beta");
    await page.getByRole("link", { name: "Account (Ada Lovelace)" }).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.locator("authkit-authenticate iframe").waitFor();

    // Named by its metadata document; signed out, so the passkey signs in first. By mouse.
    await fromNothingToRevoked(page, new MemoryOAuthHost("Doc Host", REDIRECT, documentUrl), {
      appName: "Doc Host",
      project: "Alpha",
      keyboard: false,
      signedOut: true,
      shot: "oauth-consent-projects",
    });
    // Registered (RFC 7591); still signed in. By keyboard alone.
    await fromNothingToRevoked(page, new MemoryOAuthHost("Registered Host", REDIRECT), {
      appName: "Registered Host",
      project: "Beta",
      keyboard: true,
      signedOut: false,
    });
    // The browser logged the two 401s of the sign-in page's first look and nothing else.
    expect(ada.problems.filter((problem) => !problem.includes("401"))).toEqual([]);
  }, 120_000);
});
