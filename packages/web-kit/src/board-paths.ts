// The board API's paths as the registry in @org/contracts declares them, as types: a page's call
// of `/cards/${id}/claim` is checked against the operations that exist (`/cards/{card_id}/claim`),
// so a path no operation has, or one called with the wrong method, does not compile.
import type { BoardOperations } from "@org/contracts";

/** `/cards/{card_id}/claim` → `/cards/${string}/claim`. */
export type PathPattern<P extends string> = P extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${PathPattern<Tail>}`
  : P;

type Method = "get" | "post" | "patch" | "delete";

/** The paths (relative to /api/v1) of the board operations with `method`; reads may add a query. */
export type BoardPath<M extends Method> = {
  [N in keyof BoardOperations]: BoardOperations[N]["method"] extends M
    ? M extends "get"
      ? PathPattern<BoardOperations[N]["path"]> | `${PathPattern<BoardOperations[N]["path"]>}?${string}`
      : PathPattern<BoardOperations[N]["path"]>
    : never;
}[keyof BoardOperations];
