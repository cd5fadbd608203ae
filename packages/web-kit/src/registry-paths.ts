// The APIs' paths as the operation registries in @org/contracts declare them, as types: a page's
// call of `/cards/${id}/claim` is checked against the operations that exist (`/cards/{card_id}/claim`),
// so a path no operation has, or one called with the wrong method, does not compile.
import type { AuthAdminOperations, BoardOperations } from "@org/contracts";

/** `/cards/{card_id}/claim` → `/cards/${string}/claim`. */
export type PathPattern<P extends string> = P extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${PathPattern<Tail>}`
  : P;

export type Method = "get" | "post" | "patch" | "delete";

/**
 * The paths, relative to the client's `Base`, of the operations (a union) with `method`; reads may
 * add a query. Operations outside `Base` are left out.
 */
export type RegistryPath<Op, M extends Method, Base extends string = ""> = Op extends {
  method: M;
  path: `${Base}${infer Path}`;
}
  ? M extends "get"
    ? PathPattern<Path> | `${PathPattern<Path>}?${string}`
    : PathPattern<Path>
  : never;

/** The board API's paths (relative to /api/v1) of the operations with `method`. */
export type BoardPath<M extends Method> = RegistryPath<BoardOperations[keyof BoardOperations], M>;

/** The admin dashboard's API paths (relative to /admin/api) of the operations with `method`. */
export type AdminApiPath<M extends Method> = RegistryPath<AuthAdminOperations[number], M, "/admin/api">;

/** The board API's paths by method, for `methodCalls`. */
export type BoardPaths = { [M in Method]: BoardPath<M> };

/** The admin dashboard's API paths by method, for `methodCalls`. */
export type AdminApiPaths = { [M in Method]: AdminApiPath<M> };
