import type { Db } from "@org/db";
import type { Actor, ServiceContext } from "../services/context.ts";
import type { FileStore } from "../services/file-store.ts";

/** What route handlers need to build a service context. */
export interface RouteDeps {
  db: Db;
  files: FileStore;
}

export const serviceContext = ({ db, files }: RouteDeps, actor: Actor): ServiceContext => ({
  db,
  files,
  actor,
});
