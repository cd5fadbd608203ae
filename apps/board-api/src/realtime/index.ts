// Live events over socket.io (path /socket.io). A client connects with its API token in
// `auth: { token }` (or an `Authorization: Bearer` header), or — the web app — with its session
// cookie from a page of this origin, then joins project rooms with `join` — only projects it is a
// member of. Services emit to `project:<id>`, and notifications to `user:<id>`, which every socket
// of that user joins on connecting; with REDIS_URL the Redis adapter carries each event to the
// clients of every instance.
import type { Server as HttpServer } from "node:http";
import type { BoardEvent } from "@org/contracts";
import type { Db } from "@org/db";
import { attachRealtime, type Realtime, type SocketLimits } from "@org/service-kit";
import type { Server as SocketServer, Socket } from "socket.io";
import type { Actor } from "../services/context.ts";
import type { BoardEvents } from "../services/events.ts";
import { roleIn } from "../services/permissions.ts";
import { authenticate } from "../services/users.ts";
import { resolveWebSession } from "../services/web-sessions.ts";
import type { WebConfig } from "../http/web.ts";

export const projectRoom = (projectId: string) => `project:${projectId}`;
export const userRoom = (userId: string) => `user:${userId}`;

/** BoardEvents over socket.io, bound to the server once it exists (events before that are dropped). */
export class SocketBoardEvents implements BoardEvents {
  private io: SocketServer | undefined;

  attach(io: SocketServer): void {
    this.io = io;
  }

  emit(event: BoardEvent): void {
    const room = event.to_user_id ? userRoom(event.to_user_id) : projectRoom(event.project_id);
    this.io?.to(room).emit(event.type, event);
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
/**
 * The web app's session, from its cookie, only for a handshake from one of this origin's pages
 * (another site's page could otherwise open a socket as the signed-in user).
 */
async function sessionActor(db: Db, web: WebConfig, socket: Socket): Promise<Actor | undefined> {
  const secret = web.cookie.read(socket.handshake.headers.cookie);
  if (!secret || socket.handshake.headers.origin !== web.origin) return undefined;
  return (await resolveWebSession({ db, token: secret, lifetime: web.lifetime }))?.actor;
}

export function attachBoardRealtime(
  server: HttpServer,
  {
    db,
    redisUrl,
    events,
    web,
    limits,
  }: {
    db: Db;
    redisUrl?: string | undefined;
    events: SocketBoardEvents;
    /** The web app's cookie sessions; absent: tokens only. */
    web?: WebConfig | undefined;
    /** Connections per client IP (server.ts: SOCKETS_PER_IP); absent: none. */
    limits?: SocketLimits | undefined;
  },
): Realtime {
  const realtime = attachRealtime(server, { redisUrl, ...(limits ? { limits } : {}) });
  const { io } = realtime;
  io.use((socket, next) => {
    const token = tokenOf(socket);
    const actor = token
      ? authenticate({ db, token })
      : web
        ? sessionActor(db, web, socket)
        : Promise.resolve(undefined);
    actor.then(
      (found) => {
        if (!found) return next(new Error("unauthenticated"));
        socket.data.actor = found;
        next();
      },
      () => next(new Error("unauthenticated")),
    );
  });
  io.on("connection", (socket) => {
    const actor = socket.data.actor as Actor;
    void socket.join(userRoom(actor.id));
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
