// /llms.txt, /openapi.json and /docs, and the test that keeps them, the MCP tools and the HTTP
// routes from drifting apart: all of them come from the one operation registry.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import {
  BOARD_API_PREFIX,
  boardOperationList,
  MCP_EXCLUDED_OPERATIONS,
  mcpOperations,
  pathIdsOf,
} from "@org/contracts";
import { expressPath } from "@org/service-kit";
import type { Express } from "express";
import request from "supertest";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { makeUser } from "../src/testing/fixtures.ts";
import { allTools } from "./helpers/mcp.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every `METHOD path` mounted on the app, nested routers included (Express 5 router stack). */
function mountedRoutes(app: Express): string[] {
  const routes: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on) routes.push(`${method.toUpperCase()} ${layer.route.path}`);
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return routes;
}

describe("GET /llms.txt", () => {
  it("is one Markdown page: H1, summary, rules and every operation", async () => {
    const res = await request(t.app).get("/llms.txt");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/markdown; charset=utf-8/);
    const text = res.text;
    expect(text.startsWith("# Board API\n\n> ")).toBe(true);
    for (const op of boardOperationList) {
      expect(text).toContain(`\n### ${op.name}\n`);
      expect(text).toContain(`\`${op.method.toUpperCase()} ${BOARD_API_PREFIX}${op.path}\``);
    }
    for (const phrase of [
      "## Rules",
      "empty string",
      "`shepherds: []` clears",
      "never numbers",
      "0-based",
      "multipart/form-data",
      "Archive over delete",
      "Claims and leases",
      "next_cursor",
      "Rate limit",
      "`/mcp`",
      "?toolsets=core",
    ]) {
      expect(text).toContain(phrase);
    }
  });
});

describe("GET /docs", () => {
  it("serves an HTML page that loads the renderer from this origin only", async () => {
    const res = await request(t.app).get("/docs");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    const csp = res.headers["content-security-policy"] as string;
    expect(csp).toContain("script-src 'self'");
    expect(res.text).not.toMatch(/<script>(?!<\/script>)/); // no inline script
    const urls = [...res.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(urls).toEqual(
      expect.arrayContaining([
        "/docs/assets/swagger-ui-bundle.js",
        "/docs/assets/swagger-ui.css",
        "/docs/init.js",
      ]),
    );
    for (const url of urls.filter((u) => u.startsWith("/docs"))) {
      expect(url).not.toMatch(/^\/\/|^https?:/);
      const asset = await request(t.app).get(url);
      expect(asset.status).toBe(200);
      expect(asset.body.length ?? asset.text.length).toBeGreaterThan(0);
    }
    const bundle = await request(t.app).get("/docs/assets/swagger-ui-bundle.js");
    expect(bundle.headers["content-type"]).toMatch(/javascript/);
    expect(bundle.text).toContain("SwaggerUIBundle");
    const init = await request(t.app).get("/docs/init.js");
    expect(init.text).toContain('url: "/openapi.json"');
  });

  it("exposes only the renderer's own files", async () => {
    for (const path of [
      "/docs/assets/package.json",
      "/docs/assets/index.html",
      "/docs/assets/../package.json",
    ]) {
      const res = await request(t.app).get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: "not_found", message: expect.any(String) } });
    }
  });
});

describe("the registry, the HTTP routes, OpenAPI, MCP and llms.txt never drift", () => {
  it("every route mounted under /api/v1 is a registry operation, and every operation is mounted", () => {
    // Connected apps (OAuth grants) are the web app's and API tokens' only, never an OAuth token's or
    // an MCP tool's: mounted beside the registry by the OAuth router, listed here by name.
    const oauthAccount = ["GET /api/v1/me/grants", "DELETE /api/v1/me/grants/:grant_id"];
    const mounted = mountedRoutes(t.app).filter(
      (route) => route.includes(`${BOARD_API_PREFIX}/`) && !oauthAccount.includes(route),
    );
    const registry = boardOperationList.map(
      (op) => `${op.method.toUpperCase()} ${expressPath(BOARD_API_PREFIX + op.path)}`,
    );
    expect(mounted.sort()).toEqual([...registry].sort());
    expect(mountedRoutes(t.app)).toEqual(expect.arrayContaining(oauthAccount));
    // Outside /api/v1 only the service's own pages, and the web app's.
    const others = mountedRoutes(t.app).filter(
      (route) => !route.includes(`${BOARD_API_PREFIX}/`) && !/ \/app[/,]|\/app$/.test(route),
    );
    expect(others.sort()).toEqual(
      [
        "GET /",
        "GET /healthz",
        "GET /readyz",
        "GET /metrics",
        "GET /openapi.json",
        "GET /llms.txt",
        "GET /docs",
        "GET /docs/init.js",
        "GET /.well-known/oauth-authorization-server",
        "GET /.well-known/oauth-protected-resource,/.well-known/oauth-protected-resource/api/v1",
        "GET /.well-known/oauth-protected-resource/mcp",
        "GET /oauth/authorize",
        "OPTIONS /oauth/token,/oauth/register,/oauth/revoke",
        "POST /oauth/register",
        "POST /oauth/revoke",
        "POST /oauth/token",
        "POST /mcp",
        "_ALL /mcp",
      ].sort(),
    );
  });

  it("every operation is an OpenAPI operation, an llms.txt section and an MCP tool (bar the exclusions)", async () => {
    const doc = (await request(t.app).get("/openapi.json")).body as OpenApiDoc;
    expect(doc.openapi).toMatch(/^3\.1/);
    const llms = (await request(t.app).get("/llms.txt")).text;
    const tools = await listTools("all");
    const toolNames = new Set(tools.map((tool) => tool.name));

    for (const op of boardOperationList) {
      expect(doc.paths[`${BOARD_API_PREFIX}${op.path}`]?.[op.method]?.operationId).toBe(op.name);
      expect(llms).toContain(`\n### ${op.name}\n`);
      expect(toolNames.has(op.name)).toBe(!Object.hasOwn(MCP_EXCLUDED_OPERATIONS, op.name));
    }
    // And nothing extra anywhere: no tool, OpenAPI operation or exclusion outside the registry.
    const names = new Set(boardOperationList.map((op) => op.name));
    for (const name of toolNames) expect(names.has(name)).toBe(true);
    const apiPaths = Object.entries(doc.paths).filter(
      ([path]) => !["/healthz", "/readyz", "/metrics"].includes(path),
    );
    const openApiOps = apiPaths.flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, entry]) => `${entry.operationId} ${method} ${path}`),
    );
    expect(openApiOps.sort()).toEqual(
      boardOperationList.map((op) => `${op.name} ${op.method} ${BOARD_API_PREFIX}${op.path}`).sort(),
    );
    for (const name of Object.keys(MCP_EXCLUDED_OPERATIONS)) expect(names.has(name)).toBe(true);
  });

  it("MCP tools name each path id as the registry's path does; OpenAPI and llms.txt say the same", async () => {
    const doc = (await request(t.app).get("/openapi.json")).body as OpenApiDoc;
    const llms = (await request(t.app).get("/llms.txt")).text;
    const tools = new Map((await listTools("all")).map((tool) => [tool.name, tool]));
    for (const op of mcpOperations()) {
      const tool = tools.get(op.name)!;
      const pathIds = pathIdsOf(op);
      const section = llms.slice(
        llms.indexOf(`\n### ${op.name}\n`),
        llms.indexOf("\n- MCP:", llms.indexOf(`\n### ${op.name}\n`)),
      );
      const parameters = doc.paths[`${BOARD_API_PREFIX}${op.path}`]![op.method]!.parameters ?? [];
      for (const { name, description } of pathIds) {
        // The tool's field: required, a uuid, described for this operation.
        expect([op.name, tool.inputSchema.properties?.[name]]).toEqual([
          op.name,
          { type: "string", format: "uuid", description },
        ]);
        expect(tool.inputSchema.required).toContain(name);
        // OpenAPI names the path parameter the same and gives the same description; llms.txt too.
        expect(op.path).toContain(`{${name}}`);
        expect(parameters.find((param) => param.in === "path" && param.name === name)?.description).toBe(
          description,
        );
        expect(section).toContain(`- \`${name}\`: \`string (uuid)\` (required). ${description}`);
      }
      expect(tool.inputSchema.properties ?? {}).not.toHaveProperty("id");
    }
  });

  it("measures the tool lists an agent loads: core stays small", async () => {
    const sizes: Record<string, { tools: number; bytes: number; withoutOutput: number }> = {};
    for (const toolset of ["core", "all"]) {
      const tools = await listTools(toolset);
      const withoutOutput = tools.map(({ outputSchema: _output, ...rest }) => rest);
      sizes[toolset] = {
        tools: tools.length,
        bytes: Buffer.byteLength(JSON.stringify(tools)),
        withoutOutput: Buffer.byteLength(JSON.stringify(withoutOutput)),
      };
    }
    process.stdout.write(
      "MCP tool list sizes (tools/list definitions, JSON bytes):\n" +
        Object.entries(sizes)
          .map(
            ([toolset, size]) =>
              `  ${toolset}: ${size.tools} tools, ${size.bytes} bytes (${size.withoutOutput} without outputSchema)\n`,
          )
          .join(""),
    );
    // Issue 26's budget, so core cannot grow unnoticed: at most 30 tools and 30 KB for an agent's
    // whole cycle (invitations, decomposition, findings, the ready queue, events, rot and attention
    // included), under half the full list.
    expect(sizes.core!.bytes).toBeLessThanOrEqual(30 * 1024);
    expect(sizes.core!.bytes).toBeLessThan(sizes.all!.bytes / 2);
    expect(sizes.core!.tools).toBeLessThanOrEqual(30);
  });
});

interface OpenApiDoc {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      { operationId: string; parameters?: Array<{ name: string; in: string; description?: string }> }
    >
  >;
}

/** tools/list of `?toolsets=`, every page, through the official client on a real port. */
async function listTools(toolsets: string): Promise<Tool[]> {
  const server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const owner = await makeUser(t);
  const client = new Client({ name: "drift", version: "1.0.0" });
  try {
    await client.connect(
      new StreamableHTTPClientTransport(
        new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp?toolsets=${toolsets}`),
        { requestInit: { headers: { Authorization: `Bearer ${owner.token}` } } },
      ),
    );
    return await allTools(client);
  } finally {
    await client.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
