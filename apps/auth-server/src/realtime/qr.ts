// The socket.io namespace /qr: a desktop watching a QR challenge gets its status pushed as `status`
// events. A client emits `join` with `{ challengeId, secret? }` (the secret may instead be in the
// handshake's `auth`), acknowledged with the current status, which is also pushed at once. With
// the starter's secret it hears what a poll with that secret would say (user, loginChallengeId…),
// without it the status alone. Changes are emitted on the instance that made them; with REDIS_URL
// the Redis adapter carries them to the watchers on every instance.
import { QrChallengeIdSchema } from "@org/contracts";
import type { Namespace, Server as SocketServer, Socket } from "socket.io";
import type { AuthContext } from "../context.ts";
import { isStarter, qrStatusView } from "../services/qr/challenges.ts";
import type { QrStatusEvents } from "../services/qr/events.ts";
import { effectiveStatus, type QrChallenge } from "../services/qr/store.ts";

export const QR_NAMESPACE = "/qr";

const room = (challengeId: string, starter: boolean) =>
  `qr:${challengeId}:${starter ? "starter" : "watcher"}`;

type JoinAck = (reply: { ok: true; status: string } | { error: { code: string; message: string } }) => void;

function joinPayload(socket: Socket, payload: unknown): { challengeId?: string; secret?: string } {
  const body = (payload && typeof payload === "object" ? payload : {}) as Record<string, unknown>;
  const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" && value.length <= 200 ? value : undefined);
  const id = (value: unknown) =>
    QrChallengeIdSchema.safeParse(value).success ? (value as string) : undefined;
  return {
    challengeId: id(body.challengeId) ?? id(auth.challengeId),
    secret: text(body.secret) ?? text(auth.secret),
  };
}

/**
 * Live QR statuses: `bind(ctx)` when the app is built, `attach(io)` once the HTTP server exists
 * (server.ts, or a test's server). A change before attach reaches pollers only.
 */
export class QrLiveStatus implements QrStatusEvents {
  #ctx: AuthContext | undefined;
  #nsp: Namespace | undefined;

  bind(ctx: AuthContext): void {
    this.#ctx = ctx;
  }

  attach(io: SocketServer): void {
    const nsp = io.of(QR_NAMESPACE);
    this.#nsp = nsp;
    nsp.on("connection", (socket) => {
      let expiry: ReturnType<typeof setTimeout> | undefined;
      socket.on("disconnect", () => clearTimeout(expiry));
      socket.on("join", async (payload: unknown, ack?: JoinAck) => {
        const reply = typeof ack === "function" ? ack : () => undefined;
        const ctx = this.#ctx;
        const { challengeId, secret } = joinPayload(socket, payload);
        // One challenge per connection.
        if (socket.data.challengeId || !ctx || !challengeId) {
          reply({
            error: { code: "validation_failed", message: "Send { challengeId } once per connection." },
          });
          return;
        }
        const challenge = await ctx.qr.store.get(challengeId).catch(() => undefined);
        if (!challenge) {
          reply({ error: { code: "not_found", message: "No QR challenge with this id." } });
          return;
        }
        const starter = isStarter(challenge, secret);
        socket.data.challengeId = challengeId;
        await socket.join(room(challengeId, starter));
        const view = await qrStatusView({ ctx, challenge, starter });
        reply({ ok: true, status: view.status });
        socket.emit("status", view);
        // Expiry is a matter of time, not an event: this instance tells its own watcher.
        if (view.status === "pending" || view.status === "scanned") {
          expiry = setTimeout(
            () => void this.#pushExpiry(socket, challengeId, starter),
            Math.max(0, challenge.expiresAt - ctx.now()) + 50,
          );
        }
      });
    });
  }

  async #pushExpiry(socket: Socket, challengeId: string, starter: boolean) {
    const ctx = this.#ctx;
    const challenge = ctx && (await ctx.qr.store.get(challengeId).catch(() => undefined));
    if (ctx && challenge && effectiveStatus(challenge, ctx.now()) === "expired") {
      socket.emit("status", await qrStatusView({ ctx, challenge, starter }));
    }
  }

  changed(challenge: QrChallenge): void {
    const ctx = this.#ctx;
    const nsp = this.#nsp;
    if (!ctx || !nsp) return;
    void Promise.all([
      qrStatusView({ ctx, challenge, starter: true }),
      qrStatusView({ ctx, challenge, starter: false }),
    ])
      .then(([full, bare]) => {
        nsp.to(room(challenge.id, true)).emit("status", full);
        nsp.to(room(challenge.id, false)).emit("status", bare);
      })
      .catch((error: unknown) => ctx.logger.error({ err: error }, "QR status push failed"));
  }
}
