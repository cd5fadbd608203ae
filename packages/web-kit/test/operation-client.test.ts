// Operations called by name: the routes taken from the registries, the requests a call sends, and
// (checked by `pnpm typecheck`, which compiles this file) the types: a call takes only its
// operation's params, query and body and answers its response; an unknown operation, a wrong param
// name or a wrong body does not compile (`@ts-expect-error` below fails the typecheck if it would).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  authAdminOperationMap,
  boardOperations,
  type AuthAdminOperations,
  type BoardOperations,
  type Card,
  type CardWithPlan,
  type KeyedByOperationId,
} from "@org/contracts";
import { ApiError, createApiClient } from "../src/api-client.ts";
import { createOperationClient, routesOf, type CallResult, type UnderBase } from "../src/operation-client.ts";

const boardRoutes = routesOf(boardOperations);
const adminRoutes = routesOf(authAdminOperationMap, "/admin/api");

describe("routesOf", () => {
  it("takes each operation's method and path, relative to the client's base", () => {
    expect(boardRoutes.move_card).toEqual({ method: "POST", path: "/cards/{card_id}/move" });
    expect(boardRoutes.add_member).toEqual({
      method: "POST",
      path: "/projects/{project_id}/members",
      empty: true,
    });
    expect(adminRoutes.disableTenantUser).toEqual({
      method: "POST",
      path: "/tenants/{tenant_id}/users/{external_id}/disable",
    });
    expect(adminRoutes.enableTenant.path).toBe("/tenants/{tenant_id}/enable");
    expect(Object.keys(boardRoutes)).toEqual(Object.keys(boardOperations));
    // The dashboard's session and invite routes are outside /admin/api: not the client's.
    expect("adminSignIn" in adminRoutes).toBe(false);
  });
});

describe("createOperationClient", () => {
  let server: Server;
  const seen: string[] = [];
  let call: ReturnType<typeof createOperationClient<BoardOperations>>;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        seen.push(`${request.method} ${request.url} ${body}`);
        if (request.url?.includes("/members")) return response.writeHead(202).end();
        response.writeHead(200, { "Content-Type": "application/json" }).end('{"id":"c1"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const send = createApiClient({
      base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
      csrfToken: () => "csrf",
      emptyStatuses: [202],
      readError: (status) => new ApiError(status, "internal", "failed"),
      unreachable: () => new ApiError(0, "network", "unreachable"),
    });
    call = createOperationClient(send, boardRoutes);
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => (seen.length = 0));

  it("sends the operation's method to its path, params encoded, query and body added", async () => {
    await expect(
      call("move_card", { params: { card_id: "a b/c" }, body: { to_column_id: "k1", position: 0 } }),
    ).resolves.toEqual({ id: "c1" });
    await call("find_cards", { params: { project_id: "p1" }, query: { q: "login", limit: 5 } });
    await call("list_projects");
    expect(seen).toEqual([
      'POST /api/v1/cards/a%20b%2Fc/move {"to_column_id":"k1","position":0}',
      "GET /api/v1/projects/p1/cards?q=login&limit=5 ",
      "GET /api/v1/projects ",
    ]);
  });

  it("answers null for an operation's empty status", async () => {
    await expect(
      call("add_member", { params: { project_id: "p1" }, body: { user_id: "u1" } }),
    ).resolves.toBeNull();
  });

  it("refuses an id a URL parser would resolve away, before any request", async () => {
    await expect(call("get_card", { params: { card_id: ".." } })).rejects.toThrow(ApiError);
    expect(seen).toEqual([]);
  });

  it("types each call from its operation (compile-time cases: run by `tsc`)", () => {
    const typed = async () => {
      const card: CardWithPlan = await call("get_card", { params: { card_id: "c1" } });
      const page: { data: Card[]; next_cursor: string | null } = await call("list_my_cards", {});
      const deleted: void = await call("delete_card", { params: { card_id: "c1" } });
      const empty: CallResult<BoardOperations["claim_next_card"]> = null;
      // @ts-expect-error -- no such operation
      await call("move_cards", { params: { card_id: "c1" } });
      // @ts-expect-error -- the param is card_id
      await call("get_card", { params: { id: "c1" } });
      // @ts-expect-error -- move_card's body names the column as to_column_id
      await call("move_card", { params: { card_id: "c1" }, body: { column_id: "k1" } });
      // @ts-expect-error -- position is a number
      await call("move_card", { params: { card_id: "c1" }, body: { to_column_id: "k1", position: "1" } });
      // @ts-expect-error -- the params are required
      await call("get_card");
      // @ts-expect-error -- list_projects has no body
      await call("list_projects", { body: {} });
      // @ts-expect-error -- the answer is a card, not a list
      const wrong: Card[] = await call("get_card", { params: { card_id: "c1" } });
      return [card, page, deleted, empty, wrong];
    };
    type Admin = UnderBase<KeyedByOperationId<AuthAdminOperations>, "/admin/api">;
    const admin = createOperationClient<Admin>(async () => undefined as never, adminRoutes);
    const typedAdmin = async () => {
      const tenant: { id: string; name: string } = await admin("disableTenant", {
        params: { tenant_id: "t" },
      });
      await admin("listTenantUsers", { params: { tenant_id: "t" }, query: { q: "ada" } });
      // @ts-expect-error -- outside /admin/api
      await admin("adminSignIn", { body: { challengeId: "x" } });
      // @ts-expect-error -- no such operation
      await admin("listTenant");
      // @ts-expect-error -- the params are tenant_id and external_id
      await admin("deleteTenantUser", { params: { tenant_id: "t", user_id: "u" } });
      // @ts-expect-error -- origins is a list
      await admin("updateTenant", { params: { tenant_id: "t" }, body: { origins: "https://a.test" } });
      return tenant;
    };
    expect([typeof typed, typeof typedAdmin]).toEqual(["function", "function"]);
  });
});
