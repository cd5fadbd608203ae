// What a socket authenticated with, and whether it still holds: an API token (by its SHA-256) or
// a web session (by its id). Each has a room, so that when it ends the sockets relying on it are
// found and disconnected (see access.ts).
import type { Db } from "@org/db";
import { bearerToken, hashSecret, type SessionLifetime } from "@org/service-kit";
import type { Socket } from "socket.io";
import type { WebConfig } from "../http/web.ts";
import type { Actor } from "../services/context.ts";
import { tokenEndsAt } from "../services/tokens.ts";
import { authenticate } from "../services/users.ts";
import { resolveWebSession, webSessionEndsAt } from "../services/web-sessions.ts";

export type Credential = { kind: "token"; tokenHash: string } | { kind: "session"; sessionId: string };

export interface SocketAuth {
  actor: Actor;
  credential: Credential;
}

export const tokenRoom = (tokenHash: string) => `token:${tokenHash}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const credentialRoom = (credential: Credential) =>
  credential.kind === "token" ? tokenRoom(credential.tokenHash) : sessionRoom(credential.sessionId);

function tokenOf(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === "string" && auth.token) return auth.token;
  return bearerToken(socket.handshake.headers.authorization);
}

/**
 * The handshake's user and credential: an API token in `auth: { token }` (or an `Authorization:
 * Bearer` header), else the web app's session cookie, only from one of this origin's pages
 * (another site's page could otherwise open a socket as the signed-in user). Undefined: refused.
 */
export async function authenticateSocket(
  db: Db,
  web: WebConfig | undefined,
  socket: Socket,
): Promise<SocketAuth | undefined> {
  const token = tokenOf(socket);
  if (token) {
    const tokenHash = hashSecret(token);
    return { actor: await authenticate({ db, token, tokenHash }), credential: { kind: "token", tokenHash } };
  }
  const secret = web?.cookie.read(socket.handshake.headers.cookie);
  if (!web || !secret || socket.handshake.headers.origin !== web.origin) return undefined;
  const session = await resolveWebSession({ db, token: secret, lifetime: web.lifetime });
  return session
    ? { actor: session.actor, credential: { kind: "session", sessionId: session.sessionId } }
    : undefined;
}

/**
 * Whether the credential still holds, read from the database (not from any cache): for a
 * session, until when (epoch ms) unless a request extends it; for an OAuth access token, until it
 * expires (an hour at most: the socket is disconnected then, and the host reconnects with its
 * refreshed token); for an API token, Infinity.
 */
export async function credentialEndsAt(
  db: Db,
  lifetime: SessionLifetime | undefined,
  credential: Credential,
): Promise<number | null> {
  if (credential.kind === "token") return tokenEndsAt({ db, tokenHash: credential.tokenHash });
  if (!lifetime) return null;
  return webSessionEndsAt({ db, sessionId: credential.sessionId, lifetime });
}
