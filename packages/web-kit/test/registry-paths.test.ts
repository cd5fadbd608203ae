// The registries' paths as types: examples the pages send compile and are operations of the
// registry for that method (checked at run time against the registry's own list); paths no
// operation has, or sent with another method, do not compile (`pnpm typecheck` fails on them).
import { authAdminOperations, boardOperationList } from "@org/contracts";
import type { AdminApiPath, BoardPath, Method } from "../src/registry-paths.ts";

/** Whether `path` (its query left out) is an operation of `operations` with `method`. */
function inRegistry(operations: readonly { method: string; path: string }[], method: Method, path: string) {
  const bare = path.split("?")[0]!;
  return operations.some(
    (op) => op.method === method && new RegExp(`^${op.path.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(bare),
  );
}

describe("AdminApiPath", () => {
  it("takes the admin operations' paths under /admin/api, for their method", () => {
    const gets: AdminApiPath<"get">[] = [
      "/csrf",
      "/tenants?limit=50",
      "/tenants/t1/users?q=ada",
      "/me/passkeys",
    ];
    const posts: AdminApiPath<"post">[] = ["/tenants", "/tenants/t1/disable", "/me/passkeys/register/start"];
    const patches: AdminApiPath<"patch">[] = ["/tenants/t1"];
    const deletes: AdminApiPath<"delete">[] = ["/passkeys/p1", "/admins/a1", "/me/passkeys/p1"];
    const examples = { get: gets, post: posts, patch: patches, delete: deletes };
    for (const [method, paths] of Object.entries(examples) as [Method, string[]][]) {
      for (const path of paths)
        expect([method, path, inRegistry(authAdminOperations, method, `/admin/api${path}`)]).toEqual([
          method,
          path,
          true,
        ]);
    }
  });

  it("refuses paths the registry does not have for the method", () => {
    const refused = (): AdminApiPath<"get" | "post" | "patch" | "delete">[] => [
      // @ts-expect-error -- no such operation
      "/tenant",
      // @ts-expect-error -- outside /admin/api: the session routes are not the client's
      "/admin/session",
    ];
    // @ts-expect-error -- a POST operation, not a GET one
    const wrongMethod: AdminApiPath<"get"> = "/me/passkeys/register/start";
    expect(refused().some((path) => inRegistry(authAdminOperations, "get", `/admin/api${path}`))).toBe(false);
    expect(inRegistry(authAdminOperations, "get", `/admin/api${wrongMethod}`)).toBe(false);
  });
});

describe("BoardPath", () => {
  it("takes the board operations' paths, uploads included", () => {
    const posts: BoardPath<"post">[] = [
      "/cards/c1/claim",
      "/cards/c1/attachments",
      "/comments/m1/attachments",
    ];
    for (const path of posts)
      expect([path, inRegistry(boardOperationList, "post", path)]).toEqual([path, true]);
    // @ts-expect-error -- no such operation
    const missing: BoardPath<"post"> = "/card/c1/claim";
    expect(inRegistry(boardOperationList, "post", missing)).toBe(false);
  });
});
