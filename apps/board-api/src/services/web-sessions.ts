// Web app sessions: a random cookie secret, stored as its SHA-256, revocable, with idle and
// absolute expiry (the mechanism's rules are in @org/service-kit's cookie-session).
import type { Db } from "@org/db";
import {
  csrfTokenOf,
  generateSecret,
  hashSecret,
  secretMatches,
  sessionIsLive,
  sessionNeedsTouch,
  type SessionLifetime,
} from "@org/service-kit";
import { announceAccessEnded } from "./access-ended.ts";
import type { Actor } from "./context.ts";

export interface WebSession {
  sessionId: string;
  actor: Actor;
  /** The X-CSRF-Token every change made with this session must carry. */
  csrfToken: string;
  /** When this session last proved a passkey: its sign-in, or a step-up since (see step-up.ts). */
  steppedUpAt: Date | null;
}

export interface StartedWebSession {
  /** The cookie's value (never stored). */
  token: string;
  expiresAt: Date;
  csrfToken: string;
}

/**
 * A new session for `userId`, made from the auth server login `challengeId` (sign-in) or none
 * (sign-up, right after the account's first passkey was made).
 */
export async function startWebSession({
  db,
  userId,
  challengeId,
  lifetime,
}: {
  db: Db;
  userId: string;
  challengeId?: string;
  lifetime: SessionLifetime;
}): Promise<StartedWebSession> {
  const token = generateSecret("ws");
  const expiresAt = new Date(Date.now() + lifetime.absoluteMs);
  await db.webSession.create({
    data: {
      userId,
      tokenHash: hashSecret(token),
      challengeId: challengeId ?? null,
      stepUpChallengeId: challengeId ?? null,
      expiresAt,
      // A sign-in is a passkey assertion made now; a sign-up's session comes right after its
      // browser made the account's first passkey (and a new account has no earlier owner to
      // protect): both count as a step-up made now.
      steppedUpAt: new Date(),
    },
  });
  return { token, expiresAt, csrfToken: csrfTokenOf(token) };
}

/** The live session of a cookie value, or null; each use keeps it alive (written once a minute at most). */
export async function resolveWebSession({
  db,
  token,
  lifetime,
}: {
  db: Db;
  token: string;
  lifetime: SessionLifetime;
}): Promise<WebSession | null> {
  const session = await db.webSession.findUnique({
    where: { tokenHash: hashSecret(token) },
    include: { user: { select: { id: true, email: true, name: true } } },
  });
  const now = Date.now();
  if (!session || !secretMatches(token, session.tokenHash) || !sessionIsLive(session, lifetime, now))
    return null;
  if (sessionNeedsTouch(session, lifetime, now)) {
    await db.webSession.update({ where: { id: session.id }, data: { lastSeenAt: new Date(now) } });
  }
  return {
    sessionId: session.id,
    actor: {
      ...session.user,
      viaWebApp: true,
      steppedUpAt: session.steppedUpAt,
      stepUpChallengeId: session.stepUpChallengeId,
    },
    csrfToken: csrfTokenOf(token),
    steppedUpAt: session.steppedUpAt,
  };
}

/** Signs out: the session stops working at once, its sockets on every instance included (idempotent). */
export async function endWebSession({ db, token }: { db: Db; token: string }): Promise<void> {
  const ended = await db.webSession.updateManyAndReturn({
    where: { tokenHash: hashSecret(token), revokedAt: null },
    data: { revokedAt: new Date() },
    select: { id: true },
  });
  await announceAccessEnded(db, { kind: "sessions", sessionIds: ended.map((row) => row.id) });
}

/**
 * When the session ends unless a request extends it (epoch ms), or null when it has ended; reads
 * without keeping it alive (a socket's mere presence is not a request).
 */
export async function webSessionEndsAt({
  db,
  sessionId,
  lifetime,
}: {
  db: Db;
  sessionId: string;
  lifetime: SessionLifetime;
}): Promise<number | null> {
  const session = await db.webSession.findUnique({ where: { id: sessionId } });
  if (!session || !sessionIsLive(session, lifetime, Date.now())) return null;
  return Math.min(session.expiresAt.getTime(), session.lastSeenAt.getTime() + lifetime.idleMs);
}
