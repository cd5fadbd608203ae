import type { LoginSuccess, VerifyAuthResponse } from "@org/contracts";
import { NotFoundError } from "@org/service-kit";
import { getRecord, putRecord, takeRecord, type AuthContext } from "../context.ts";
import { audit } from "./audit.ts";
import { newId } from "./challenges.ts";
import { startSession } from "./sessions.ts";
import type { Tenant } from "./tenants.ts";
import { userInfo, type AuthUser } from "./users.ts";

/** How long a tenant's server may confirm a login with verify-auth. */
export const LOGIN_VERIFY_WINDOW_MS = 5 * 60 * 1000;

interface LoginRecord {
  tenantId: string;
  userId: string;
  method: "passkey" | "password";
  authenticatedAt: number;
  expiresAt: number;
}

interface PrfRecord {
  prfResult: string;
  expiresAt: number;
}

const loginKey = (challengeId: string) => `login:${challengeId}`;
// Kept apart from the login so that reading it can be an atomic take: one reader only.
const prfKey = (challengeId: string) => `prf:${challengeId}`;

export interface CompletedLogin {
  response: LoginSuccess;
  session: { token: string; expiresAt: Date };
}

/**
 * What every successful login does: remember it for verify-auth (with the PRF result, readable
 * once), rotate the cookie session, write the audit row.
 */
export async function completeLogin({
  ctx,
  tenant,
  user,
  method,
  challengeId = newId(),
  prfResult,
  previousSessionToken,
  ip,
  detail = {},
}: {
  ctx: AuthContext;
  tenant: Tenant;
  user: AuthUser;
  method: LoginRecord["method"];
  challengeId?: string;
  prfResult?: string | undefined;
  previousSessionToken?: string | undefined;
  ip?: string | undefined;
  detail?: Record<string, string>;
}): Promise<CompletedLogin> {
  const now = ctx.now();
  const expiresAt = now + LOGIN_VERIFY_WINDOW_MS;
  await Promise.all([
    putRecord<LoginRecord>(ctx, loginKey(challengeId), {
      tenantId: tenant.id,
      userId: user.id,
      method,
      authenticatedAt: now,
      expiresAt,
    }),
    prfResult ? putRecord<PrfRecord>(ctx, prfKey(challengeId), { prfResult, expiresAt }) : undefined,
  ]);
  const session = await startSession({
    ctx,
    tenantId: tenant.id,
    userId: user.id,
    previousToken: previousSessionToken,
  });
  await audit(ctx, {
    type: "login_success",
    tenantId: tenant.id,
    userId: user.id,
    ip,
    detail: { method, ...detail },
  });
  return { response: { success: true, user: userInfo(user), challengeId }, session };
}

/** The tenant's server confirms a login it was told about; another tenant's login is not_found. */
export async function verifyAuth({
  ctx,
  tenant,
  challengeId,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  challengeId: string;
}): Promise<VerifyAuthResponse> {
  const notFound = () => new NotFoundError("No completed login with this challengeId in the last 5 minutes.");
  const login = await getRecord<LoginRecord>(ctx, loginKey(challengeId));
  if (!login || login.tenantId !== tenant.id) throw notFound();
  const user = await ctx.db.authUser.findUnique({ where: { id: login.userId } });
  if (!user) throw notFound();
  const prf = await takeRecord<PrfRecord>(ctx, prfKey(challengeId));
  return {
    user: userInfo(user),
    authenticatedAt: new Date(login.authenticatedAt).toISOString(),
    method: login.method,
    ...(prf ? { prfResult: prf.prfResult } : {}),
  };
}
