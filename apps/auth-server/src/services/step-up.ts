// Step-up for account security changes (issue 28, point 3): adding or removing a passkey needs a
// passkey assertion made in the last 5 minutes by the same credential that asks for the change
// (the dashboard's session, a page's user token, or this server's cookie session), so a stolen
// session or token alone is not enough. The freshness lives in the shared store (Redis with two instances), under
// the credential it belongs to: a step-up made through one instance counts on every other.
import type { AuthenticateFinishRequest, AuthenticateStartResponse, StepUpResponse } from "@org/contracts";
import { ForbiddenError, StepUpRequiredError } from "@org/service-kit";
import { getRecord, putRecord, type AuthContext } from "../context.ts";
import type { PageOrigin } from "../http/page-origin.ts";
import { finishAuthentication, startAuthentication } from "./authentication.ts";
import { takeLogin, verifiedPasskeyLogin } from "./logins.ts";
import type { Tenant } from "./tenants.ts";

/** How long a passkey assertion counts for a security change. */
export const STEP_UP_MAX_AGE_MS = 5 * 60_000;

/**
 * Whose freshness: `admin:<session id>` (a dashboard session), `ut:<token hash>` (a user token),
 * `us:<cookie hash>` (this server's own cookie session).
 */
export type StepUpSubject = string;

/** The step-up freshness of a dashboard session. */
export const adminStepUpSubject = (sessionId: string): StepUpSubject => `admin:${sessionId}`;

const stepUpKey = (subject: StepUpSubject) => `stepup:${subject}`;

interface StepUpRecord {
  userId: string;
  expiresAt: number;
}

/**
 * Records a passkey assertion of `userId` for `subject`: made now, or (`assertedAt`) at that time,
 * counting until 5 minutes after it.
 */
export async function recordStepUp(
  ctx: AuthContext,
  subject: StepUpSubject,
  userId: string,
  assertedAt = ctx.now(),
): Promise<StepUpResponse> {
  const expiresAt = assertedAt + STEP_UP_MAX_AGE_MS;
  await putRecord<StepUpRecord>(ctx, stepUpKey(subject), { userId, expiresAt });
  return { stepped_up_until: new Date(expiresAt).toISOString() };
}

/** Throws `step_up_required` (403) unless `subject` proved a passkey of `userId` in the last 5 minutes. */
export async function assertSteppedUp(
  ctx: AuthContext,
  subject: StepUpSubject,
  userId: string,
): Promise<void> {
  const record = await getRecord<StepUpRecord>(ctx, stepUpKey(subject));
  if (!record || record.userId !== userId) throw new StepUpRequiredError();
}

/**
 * Adding a passkey (registration start and finish): to an account that has one, only for a
 * credential that proved one of them in the last 5 minutes, so a stolen token or cookie session
 * cannot add the thief's. An account without passkeys has nothing to prove with (its first one is
 * its enrolment), and an administrator's invite token makes only their first passkey (admins.ts).
 */
export async function assertMayAddPasskey(
  ctx: AuthContext,
  auth: { userId: string; stepUpSubject: StepUpSubject; adminInviteId?: string | undefined },
): Promise<void> {
  if (auth.adminInviteId) return;
  const user = await ctx.db.authUser.findUnique({
    where: { id: auth.userId },
    select: { disabled: true, _count: { select: { credentials: true } } },
  });
  // A disabled (or unknown) user is told so by the registration itself (user_disabled).
  if (!user || user.disabled) return;
  if (user._count.credentials > 0) await assertSteppedUp(ctx, auth.stepUpSubject, auth.userId);
}

/**
 * A user token issued with `stepUpChallengeId`: the tenant's server cites a passkey login of this
 * user it confirmed (verify-auth) in the last 5 minutes, and the token counts as stepped up until
 * 5 minutes after that login (never longer). Anything else is forbidden: the tenant asked for a
 * proof it does not have. Checked before the token is issued, so a refusal writes nothing; the
 * returned function records the step-up for the token once it exists.
 */
export async function citedPasskeyLogin({
  ctx,
  tenant,
  externalId,
  challengeId,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  externalId: string;
  challengeId: string;
}): Promise<(subject: StepUpSubject) => Promise<void>> {
  const login = await verifiedPasskeyLogin(ctx, tenant, challengeId);
  const user =
    login &&
    (await ctx.db.authUser.findUnique({
      where: { tenantId_externalId: { tenantId: tenant.id, externalId } },
      select: { id: true },
    }));
  if (!login || login.userId !== user?.id) {
    throw new ForbiddenError(
      "stepUpChallengeId names no passkey login of this user confirmed with verify-auth in the last 5 minutes.",
    );
  }
  return async (subject) => {
    await recordStepUp(ctx, subject, login.userId, login.authenticatedAt);
  };
}

/** The WebAuthn options of a step-up: a login challenge of the tenant, as at sign-in. */
export function startStepUp({
  ctx,
  tenant,
  page,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  page?: PageOrigin | undefined;
}): Promise<AuthenticateStartResponse> {
  return startAuthentication({ ctx, tenant, page });
}

/**
 * Verifies the assertion (a login of the tenant, audited as one, without a cookie session) and,
 * when it is a passkey of `userId`, records the step-up for `subject`.
 */
export async function finishStepUp({
  ctx,
  tenant,
  userId,
  subject,
  input,
  ip,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  userId: string;
  subject: StepUpSubject;
  input: AuthenticateFinishRequest;
  ip?: string | undefined;
}): Promise<StepUpResponse> {
  await finishAuthentication({ ctx, tenant, input, ip, stepUp: true });
  // The login is spent here: no tenant server can turn it into a sign-in afterwards.
  const { response } = await takeLogin({ ctx, tenant, challengeId: input.challengeId });
  if (response.user.id !== userId) {
    throw new ForbiddenError("That passkey belongs to another account: use one of yours.");
  }
  return recordStepUp(ctx, subject, userId);
}
