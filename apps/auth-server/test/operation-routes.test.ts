// Drift: the operation list in @org/contracts is the one list of the auth server's JSON API (the
// public API and the admin dashboard's). The app's routes are exactly those operations besides its
// pages, the OpenAPI document it serves lists exactly those operations, and the route table of the
// public API can neither lack an implementation nor hold one the list lacks (it does not compile).
import { authOperationList, authPublicOperationMap, type AuthOperation } from "@org/contracts";
import { defineImplementations, mountOperations, type Implementations } from "@org/service-kit";
import type { Express } from "express";
import request from "supertest";
import type { AuthContext } from "../src/context.ts";
import { publicImplementations } from "../src/routes/public-api.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";

const operationKey = (op: Pick<AuthOperation, "method" | "path">) => `${op.method} ${op.path}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Express 5's route table (its router's layers; a mounted router's `rawPath` is its prefix). */
interface Layer {
  name: string;
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** Every route of the app as `method /path/{param}`. */
function routesOf(app: Express): string[] {
  const walk = (stack: Layer[], prefix: string): string[] =>
    stack.flatMap((layer) => {
      if (layer.route) {
        const path = `${prefix}${layer.route.path}`.replace(/(.)\/$/, "$1").replace(/:(\w+)/g, "{$1}");
        return Object.keys(layer.route.methods).map((method) => `${method} ${path}`);
      }
      if (layer.name !== "router" || !layer.handle.stack) return [];
      return walk(
        layer.handle.stack,
        prefix + (typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : ""),
      );
    });
  return walk((app as unknown as { router: { stack: Layer[] } }).router.stack, "");
}

/** The routes that are no operation: pages, the demo's backend (not in production), probes, documents. */
const PAGES = new Set([
  "get /",
  "get /admin",
  "get /admin/invite",
  "get /qr",
  "get /auth-embed",
  "get /register-embed",
  "get /demo",
  "post /demo/verify",
  "get /healthz",
  "get /readyz",
  "get /metrics",
  "get /openapi.json",
  "get /docs",
  "get /docs/init.js",
]);

describe("the auth server's operation list", () => {
  it("is the app's JSON API, route for route", () => {
    const api = routesOf(t.app).filter((route) => !PAGES.has(route));
    expect(api.sort()).toEqual(authOperationList.map(operationKey).sort());
  });

  it("is what /openapi.json documents, operation for operation", async () => {
    const { body } = await request(t.app).get("/openapi.json").expect(200);
    const documented = Object.entries(body.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual(
      ["get /healthz", "get /readyz", "get /metrics", ...authOperationList.map(operationKey)].sort(),
    );
  });

  it("documents every operation with a unique operationId, a tag the document describes, a summary and a description", async () => {
    const { body } = await request(t.app).get("/openapi.json").expect(200);
    const tags = new Set((body.tags as { name: string; description: string }[]).map((tag) => tag.name));
    const operations = Object.entries(
      body.paths as Record<string, Record<string, Record<string, unknown>>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ key: `${method} ${path}`, op })),
    );
    expect(operations).toHaveLength(authOperationList.length + 3);
    const incomplete = operations.filter(
      ({ op }) =>
        !/^[a-z][A-Za-z]+$/.test(String(op.operationId)) ||
        !Array.isArray(op.tags) ||
        op.tags.length !== 1 ||
        !tags.has(op.tags[0] as string) ||
        !String(op.summary ?? "").trim() ||
        !String(op.description ?? "").trim(),
    );
    expect(incomplete.map(({ key }) => key)).toEqual([]);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(body.paths["/api/v1/user-token"].post).toMatchObject({
      operationId: "createUserToken",
      tags: ["Tokens"],
    });
  });

  it("names path parameters in snake_case, as the JSON bodies do: /auth/v1/qr/{challenge_id}/status", () => {
    const parameters = authOperationList.flatMap((op) =>
      [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
    );
    expect(parameters.filter((name) => !/^[a-z]+(_[a-z]+)*$/.test(name!))).toEqual([]);
    expect(authOperationList.map(operationKey)).toContain("get /auth/v1/qr/{challenge_id}/status");
  });

  it("mounts the public API only with one implementation per operation, checked when it compiles", () => {
    // The handlers are not called: no context is needed to build them.
    const all: Implementations<typeof authPublicOperationMap> = publicImplementations({} as AuthContext);
    const implement = defineImplementations(authPublicOperationMap);
    expect(Object.keys(implement(all)).sort()).toEqual(Object.keys(authPublicOperationMap).sort());
    const { startQr: _missing, ...lacking } = all;
    // @ts-expect-error startQr has no implementation: a compile error, not a failure at start.
    implement(lacking);
    // @ts-expect-error an implementation of an operation the registry lacks
    implement({ ...all, nothing: () => undefined });
    // Only a cast past defineImplementations gets this far; the router refuses to be built.
    expect(() =>
      mountOperations({
        operations: authPublicOperationMap,
        implementations: lacking as typeof all,
        guard: () => [],
      }),
    ).toThrow("no implementation of the operation startQr");
  });
});
