// Live events over socket.io (path /socket.io). A client connects with its API token in
// `auth: { token }` (or an `Authorization: Bearer` header), then joins project rooms with
// `join` — only projects it is a member of. Services emit to `project:<id>`; with REDIS_URL the
// Redis adapter carries each event to the clients of every instance.
import type { Server as HttpServer } from "node:http";
import type { BoardEvent } from "@org/contracts";
import type { Db } from "@org/db";
import { attachRealtime, type Realtime } from "@org/service-kit";
import type { Server as SocketServer, Socket } from "socket.io";
import type { Actor } from "../services/context.ts";
import type { BoardEvents } from "../services/events.ts";
import { roleIn } from "../services/permissions.ts";
import { authenticate } from "../services/users.ts";

export const projectRoom = (projectId: string) => `project:${projectId}`;

/** BoardEvents over socket.io, bound to the server once it exists (events before that are dropped). */
export class SocketBoardEvents implements BoardEvents {
  private io: SocketServer | undefined;

  attach(io: SocketServer): void {
    this.io = io;
  }

  emit(event: BoardEvent): void {
    this.io?.to(projectRoom(event.project_id)).emit(event.type, event);
  }
}

type Ack = (reply: { ok: true; project_id: string } | { error: { code: string; message: string } }) => void;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function tokenOf(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === "string" && auth.token) return auth.token;
  return /^Bearer\s+(\S+)\s*$/i.exec(socket.handshake.headers.authorization ?? "")?.[1];
}

function projectIdOf(payload: unknown): string | undefined {
  const id = typeof payload === "string" ? payload : (payload as { project_id?: unknown } | null)?.project_id;
  return typeof id === "string" && UUID.test(id) ? id : undefined;
}

/**
 * socket.io on `server` with token authentication and project rooms; `events` starts delivering
 * to it. Client messages: `join` / `leave` with `{ project_id }` and an optional acknowledgement
 * callback, answered `{ ok: true, project_id }` or `{ error: { code, message } }`.
 */
export function attachBoardRealtime(
  server: HttpServer,
  { db, redisUrl, events }: { db: Db; redisUrl?: string | undefined; events: SocketBoardEvents },
): Realtime {
  const realtime = attachRealtime(server, { redisUrl });
  const { io } = realtime;
  io.use((socket, next) => {
    const token = tokenOf(socket);
    if (!token) return next(new Error("unauthenticated"));
    authenticate({ db, token }).then(
      (actor) => {
        socket.data.actor = actor;
        next();
      },
      () => next(new Error("unauthenticated")),
    );
  });
  io.on("connection", (socket) => {
    const actor = socket.data.actor as Actor;
    socket.on("join", async (payload: unknown, ack?: Ack) => {
      const projectId = projectIdOf(payload);
      const role = projectId ? await roleIn(db, actor.id, projectId).catch(() => null) : null;
      if (!projectId || !role) {
        ack?.({ error: { code: "not_found", message: "Project not found." } });
        return;
      }
      await socket.join(projectRoom(projectId));
      ack?.({ ok: true, project_id: projectId });
    });
    socket.on("leave", async (payload: unknown, ack?: Ack) => {
      const projectId = projectIdOf(payload);
      if (projectId) await socket.leave(projectRoom(projectId));
      if (projectId) ack?.({ ok: true, project_id: projectId });
      else ack?.({ error: { code: "validation_failed", message: "Send { project_id }." } });
    });
  });
  events.attach(io);
  return realtime;
}
