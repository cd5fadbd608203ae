// Sockets lose what they were given when it ends, on every instance: a revoked token or an ended
// web session disconnects the sockets that authenticated with it; a membership that ends
// disconnects the user's sockets that had joined that project. The ends arrive from this process
// at once and from the others by PostgreSQL notification (services/access-ended.ts). A web
// session also ends by time (idle or absolute expiry): each such socket re-checks it when it is
// due. Whenever notifications may have been missed, every socket here is checked again.
import type { Db } from "@org/db";
import type { SessionLifetime } from "@org/service-kit";
import type { Server as SocketServer, Socket } from "socket.io";
import { onAccessEnded, type AccessEnded } from "../services/access-ended.ts";
import { callerRoleIn } from "../services/permissions.ts";
import { credentialEndsAt, sessionRoom, tokenRoom, type SocketAuth } from "./credentials.ts";

export const memberRoom = (projectId: string, userId: string) => `member:${projectId}:${userId}`;
const MEMBER_ROOM = /^member:([^:]+):/;

/** setTimeout's ceiling is about 24.8 days; a later expiry is re-checked on the way. */
const MAX_TIMER_MS = 60 * 60 * 1000;
/** When a credential could not be read, the next try. */
const RETRY_MS = 2000;

export class SocketAccess {
  private readonly timers = new WeakMap<Socket, NodeJS.Timeout>();
  private readonly subscription;

  constructor(
    private readonly io: SocketServer,
    private readonly db: Db,
    private readonly lifetime: SessionLifetime | undefined,
  ) {
    this.subscription = onAccessEnded(db, {
      ended: (what) => this.ended(what),
      reset: () => void this.recheckAll(),
      resumed: () => void this.recheckAll(),
    });
  }

  private ended(what: AccessEnded): void {
    const rooms =
      what.kind === "tokens"
        ? what.tokenHashes.map(tokenRoom)
        : what.kind === "sessions"
          ? what.sessionIds.map(sessionRoom)
          : [memberRoom(what.projectId, what.userId)];
    // This instance's sockets only: every instance hears the same announcement.
    this.io.local.in(rooms).disconnectSockets(true);
  }

  /**
   * Checks a newly connected socket's credential again, now that it is in its credential's room:
   * an end announced between the handshake's check and that join would have missed it.
   */
  async admitted(socket: Socket): Promise<void> {
    socket.on("disconnect", () => clearTimeout(this.timers.get(socket)));
    await this.recheck(socket);
  }

  /** Disconnects `socket` if its credential ended; otherwise re-checks it when it is due to end. */
  private async recheck(socket: Socket): Promise<void> {
    const { credential } = socket.data as SocketAuth;
    // A failed read (the database busy or away) proves nothing: ask again shortly rather than
    // drop a socket whose credential holds. Nothing can be revoked while the database is away.
    const endsAt = await credentialEndsAt(this.db, this.lifetime, credential).catch(() => undefined);
    if (!socket.connected) return;
    if (endsAt === null) {
      socket.disconnect(true);
      return;
    }
    if (endsAt === Infinity) return;
    this.recheckIn(socket, endsAt === undefined ? RETRY_MS : Math.max(endsAt - Date.now(), 0) + 50);
  }

  private recheckIn(socket: Socket, ms: number): void {
    clearTimeout(this.timers.get(socket));
    const timer = setTimeout(() => void this.recheck(socket), Math.min(ms, MAX_TIMER_MS));
    timer.unref();
    this.timers.set(socket, timer);
  }

  /** Every socket of this instance, its credential and its projects, checked against the database. */
  private async recheckAll(): Promise<void> {
    for (const socket of this.io.of("/").sockets.values()) {
      await this.recheck(socket);
      if (!socket.connected) continue;
      const { actor } = socket.data as SocketAuth;
      for (const room of socket.rooms) {
        const projectId = MEMBER_ROOM.exec(room)?.[1];
        // As above, a failed read is not a lost membership (undefined: the next reset checks again).
        if (projectId && (await callerRoleIn(this.db, actor, projectId).catch(() => undefined)) === null) {
          socket.disconnect(true);
          break;
        }
      }
    }
  }

  close(): void {
    this.subscription.unsubscribe();
  }
}
