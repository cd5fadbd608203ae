// Live events over socket.io (path /socket.io). A client connects with its API token in
// `auth: { token }` (or an `Authorization: Bearer` header), or — the web app — with its session
// cookie from a page of this origin, then joins project rooms with `join` — only projects it is a
// member of (and, with an OAuth token limited to chosen projects, only those). Services emit to
// `project:<id>`, and notifications to `user:<id>`, which every socket of that user joins on
// connecting (a project-limited one joins `user:<id>:<project_id>` of its projects instead); with
// REDIS_URL the Redis adapter carries each event to the clients of every instance. A socket is disconnected when its token or session ends, or when its
// user leaves a project it joined (access.ts).
import type { Server as HttpServer } from "node:http";
import type { BoardEvent } from "@org/contracts";
import type { Db } from "@org/db";
import {
  attachRealtime,
  type Logger,
  type Metrics,
  type Realtime,
  type SocketLimits,
} from "@org/service-kit";
import type { Server as SocketServer, Socket } from "socket.io";
import type { BoardEvents } from "../services/context.ts";
import type { Actor } from "../services/context.ts";
import { callerRoleIn, grantedProjects } from "../services/permissions.ts";
import type { WebConfig } from "../http/web.ts";
import { memberRoom, SocketAccess } from "./access.ts";
import { authenticateSocket, credentialRoom, type SocketAuth } from "./credentials.ts";

export const projectRoom = (projectId: string) => `project:${projectId}`;
export const userRoom = (userId: string) => `user:${userId}`;
/** A user's events of one project: what a socket limited to chosen projects (an OAuth grant) joins. */
export const userProjectRoom = (userId: string, projectId: string) => `user:${userId}:${projectId}`;

/** The rooms of the user's own events (notifications) a socket joins: theirs, or their granted projects'. */
function userRooms(actor: Actor): string[] {
  const granted = grantedProjects(actor);
  return granted ? granted.map((projectId) => userProjectRoom(actor.id, projectId)) : [userRoom(actor.id)];
}

/** BoardEvents over socket.io, bound to the server once it exists (events before that are dropped). */
export class SocketBoardEvents implements BoardEvents {
  private io: SocketServer | undefined;

  attach(io: SocketServer): void {
    this.io = io;
  }

  emit(event: BoardEvent): void {
    const rooms = event.to_user_id
      ? [userRoom(event.to_user_id), userProjectRoom(event.to_user_id, event.project_id)]
      : [projectRoom(event.project_id)];
    this.io?.to(rooms).emit(event.type, event);
  }
}

type Ack = (reply: { ok: true; project_id: string } | { error: { code: string; message: string } }) => void;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function projectIdOf(payload: unknown): string | undefined {
  const id = typeof payload === "string" ? payload : (payload as { project_id?: unknown } | null)?.project_id;
  return typeof id === "string" && UUID.test(id) ? id : undefined;
}

const NOT_FOUND = { error: { code: "not_found", message: "Project not found." } } as const;

/**
 * Joins the project's room if the user is a member. The member room comes first: a removal that
 * commits after the role was read still finds (and disconnects) the socket there, and no event
 * of the project reaches a socket before its membership was seen.
 */
async function joinProject(db: Db, socket: Socket, payload: unknown, ack?: Ack): Promise<void> {
  const { actor } = socket.data as SocketAuth;
  const projectId = projectIdOf(payload);
  if (!projectId) return ack?.(NOT_FOUND);
  await socket.join(memberRoom(projectId, actor.id));
  const role = await callerRoleIn(db, actor, projectId).catch(() => null);
  if (!role) {
    await socket.leave(memberRoom(projectId, actor.id));
    return ack?.(NOT_FOUND);
  }
  await socket.join(projectRoom(projectId));
  ack?.({ ok: true, project_id: projectId });
}

async function leaveProject(socket: Socket, payload: unknown, ack?: Ack): Promise<void> {
  const projectId = projectIdOf(payload);
  if (!projectId) return ack?.({ error: { code: "validation_failed", message: "Send { project_id }." } });
  const { actor } = socket.data as SocketAuth;
  await socket.leave(projectRoom(projectId));
  await socket.leave(memberRoom(projectId, actor.id));
  ack?.({ ok: true, project_id: projectId });
}

/**
 * socket.io on `server` with token or session authentication and project rooms; `events` starts
 * delivering to it. Client messages: `join` / `leave` with `{ project_id }` and an optional
 * acknowledgement callback, answered `{ ok: true, project_id }` or `{ error: { code, message } }`.
 */
export function attachBoardRealtime(
  server: HttpServer,
  {
    db,
    redisUrl,
    events,
    web,
    logger,
    metrics,
    limits,
  }: {
    db: Db;
    redisUrl?: string | undefined;
    events: SocketBoardEvents;
    /** The web app's cookie sessions; absent: tokens only. */
    web?: WebConfig | undefined;
    /** Connections per client IP (server.ts: SOCKETS_PER_IP); absent: none. */
    limits?: SocketLimits | undefined;
    /** Where a Redis outage is reported. */
    logger?: Logger | undefined;
    metrics?: Metrics | undefined;
  },
): Realtime {
  const realtime = attachRealtime(server, {
    redisUrl,
    adapterKey: "socket.io:board-api",
    ...(limits ? { limits } : {}),
    logger,
    metrics,
  });
  const { io } = realtime;
  const access = new SocketAccess(io, db, web?.lifetime);
  io.use((socket, next) => {
    authenticateSocket(db, web, socket).then(
      (found) => {
        if (!found) return next(new Error("unauthenticated"));
        socket.data = found;
        next();
      },
      () => next(new Error("unauthenticated")),
    );
  });
  io.on("connection", (socket) => {
    const { actor, credential } = socket.data as SocketAuth;
    // Listeners first, synchronously: a client may send `join` as soon as it is connected.
    socket.on("join", (payload: unknown, ack?: Ack) => void joinProject(db, socket, payload, ack));
    socket.on("leave", (payload: unknown, ack?: Ack) => void leaveProject(socket, payload, ack));
    void socket.join([...userRooms(actor), credentialRoom(credential)]);
    void access.admitted(socket);
  });
  events.attach(io);
  return {
    io,
    disconnect: realtime.disconnect,
    async close() {
      access.close();
      await realtime.close();
    },
  };
}
