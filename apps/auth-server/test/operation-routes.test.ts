// Drift: the operation list in @org/contracts is the one list of the auth server's JSON API (the
// public API and the admin dashboard's). The app's routes are exactly those operations besides its
// pages, the OpenAPI document it serves lists exactly those operations, and the route table of the
// public API can neither lack a route nor hold one the list lacks.
import { authOperationList, authPublicOperations } from "@org/contracts";
import type { Express, RequestHandler } from "express";
import request from "supertest";
import { operationKey, operationsRouter } from "../src/routes/operation-routes.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";

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

  it("mounts the public API only with one route per operation", () => {
    const handle = () => undefined;
    const json: RequestHandler = (_req, _res, next) => next();
    const routes = Object.fromEntries(authPublicOperations.map((op) => [operationKey(op), { handle }]));
    expect(() => operationsRouter(authPublicOperations, routes, json)).not.toThrow();
    expect(() =>
      operationsRouter(authPublicOperations, { ...routes, "get /auth/v1/nothing": { handle } }, json),
    ).toThrow("routes without an operation: get /auth/v1/nothing");
    const [first, ...rest] = authPublicOperations;
    const key = operationKey(first!);
    expect(() => operationsRouter(rest, routes, json)).toThrow(`routes without an operation: ${key}`);
    const { [key]: _missing, ...lacking } = routes;
    expect(() => operationsRouter(authPublicOperations, lacking, json)).toThrow(
      `no route for the operation ${key}`,
    );
  });
});
