// Step-up for account security changes (issue 28, point 3): adding or removing a passkey needs a
// passkey assertion made in the last 5 minutes by the same credential that asks for the change
// (the dashboard's session, or a page's manage-scoped user token), so a stolen session or token
// alone is not enough. The freshness lives in the shared store (Redis with two instances), under
// the credential it belongs to: a step-up made through one instance counts on every other.
import type { AuthenticateFinishRequest, AuthenticateStartResponse, StepUpResponse } from "@org/contracts";
import { ForbiddenError, StepUpRequiredError } from "@org/service-kit";
import { getRecord, putRecord, type AuthContext } from "../context.ts";
import type { PageOrigin } from "../http/page-origin.ts";
import { finishAuthentication, startAuthentication } from "./authentication.ts";
import { takeLogin } from "./logins.ts";
import type { Tenant } from "./tenants.ts";

/** How long a passkey assertion counts for a security change. */
export const STEP_UP_MAX_AGE_MS = 5 * 60_000;

/**
 * Whose freshness: `admin:<session id>` (a dashboard session), `ut:<token hash>` (a user token),
 * `us:<cookie hash>` (this server's own cookie session).
 */
export type StepUpSubject = string;

const stepUpKey = (subject: StepUpSubject) => `stepup:${subject}`;

interface StepUpRecord {
  userId: string;
  expiresAt: number;
}

/** Records a passkey assertion of `userId` made now for `subject`. */
export async function recordStepUp(
  ctx: AuthContext,
  subject: StepUpSubject,
  userId: string,
): Promise<StepUpResponse> {
  const expiresAt = ctx.now() + STEP_UP_MAX_AGE_MS;
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
