import type { Db } from "@org/db";
import type { Mailer } from "@org/service-kit";
import type { Actor, ServiceContext } from "../services/context.ts";
import type { BoardEvents } from "../services/events.ts";
import type { FileStore } from "../services/file-store.ts";

/** What route handlers need to build a service context. */
export interface RouteDeps {
  db: Db;
  files: FileStore;
  /** Live events (socket.io); absent: none are sent. */
  events?: BoardEvents | undefined;
  /** Outgoing mail; absent: none is sent and no address is ever verified. */
  mailer?: Mailer | undefined;
  /** PUBLIC_URL: where the links the board hands out point. */
  publicUrl: string;
}

export const serviceContext = ({ db, files, events }: RouteDeps, actor: Actor): ServiceContext => ({
  db,
  files,
  events,
  actor,
});
