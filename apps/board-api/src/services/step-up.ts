// Step-up for account security changes (issue 28, point 3): adding or removing a passkey,
// creating an API token or an OAuth grant, changing the email. A stolen web session (valid up to
// 30 days) must not be enough: the session must have proved a passkey within STEP_UP_MAX_AGE_MS —
// its sign-in, or a step-up since (`recordStepUp`, POST /app/auth/step-up).
import type { Db } from "@org/db";
import { ForbiddenError, NotFoundError, StepUpRequiredError, UnauthenticatedError } from "@org/service-kit";
import type { TenantClient } from "../auth-server/tenant-client.ts";
import type { WebSession } from "./web-sessions.ts";

/** How long a passkey assertion counts for a security change. */
export const STEP_UP_MAX_AGE_MS = 5 * 60_000;

/** When the session's step-up stops counting, or null when it has none that counts now. */
export function stepUpValidUntil(session: { steppedUpAt?: Date | null }, now = Date.now()): Date | null {
  if (!session.steppedUpAt) return null;
  const until = session.steppedUpAt.getTime() + STEP_UP_MAX_AGE_MS;
  return until > now ? new Date(until) : null;
}

/**
 * Throws `step_up_required` (403) unless `session` (a web session, or the actor of a web app
 * request) proved a passkey in the last 5 minutes. A request made otherwise (an API or OAuth
 * token) is refused too: the services call it only for changes that only the web app makes.
 */
export function assertSteppedUp(session: { steppedUpAt?: Date | null } | undefined, now = Date.now()): void {
  if (!session || !stepUpValidUntil(session, now)) throw new StepUpRequiredError();
}

/**
 * Records a step-up: `challengeId` is a login the auth server verified just now (the SDK's
 * <authkit-authenticate>), spent by this check, and must be the session's own user's.
 */
export async function recordStepUp({
  db,
  tenant,
  session,
  challengeId,
}: {
  db: Db;
  tenant: TenantClient;
  session: WebSession;
  challengeId: string;
}): Promise<{ stepped_up_until: string }> {
  const login = await tenant.verifyAuth(challengeId).catch((error: unknown) => {
    if (error instanceof NotFoundError)
      throw new UnauthenticatedError("Unknown or expired passkey check: try again.");
    throw error;
  });
  if (login.user.externalId !== session.actor.id) {
    throw new ForbiddenError("That passkey belongs to another account: use one of yours.");
  }
  const now = new Date();
  await db.webSession.update({
    where: { id: session.sessionId },
    data: { steppedUpAt: now, stepUpChallengeId: challengeId },
  });
  return { stepped_up_until: new Date(now.getTime() + STEP_UP_MAX_AGE_MS).toISOString() };
}
