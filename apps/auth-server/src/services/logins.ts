import type { LoginSuccess, VerifyAuthResponse } from "@org/contracts";
import { Prisma, queryPrepared, sqlTimestamp } from "@org/db";
import { NotFoundError } from "@org/service-kit";
import { getRecord, putRecord, takeRecord, type AuthContext } from "../context.ts";
import { isAdminTenant } from "./admin-tenant.ts";
import { auditInsert } from "./audit.ts";
import { newId } from "./challenges.ts";
import { signSessionToken } from "./session-jwt.ts";
import { newSession } from "./sessions.ts";
import { eventUser, TENANT_DELIVERIES_CHANNEL, tenantEventInsert } from "./tenant-webhooks.ts";
import type { Tenant } from "./tenants.ts";
import { userInfo, type LoginUser } from "./users.ts";

/** How long a tenant's server may confirm a login with verify-auth. */
export const LOGIN_VERIFY_WINDOW_MS = 5 * 60 * 1000;

interface LoginRecord {
  tenantId: string;
  userId: string;
  method: "passkey" | "password";
  /** The passkey a passkey login used (the dashboard audits it). */
  passkeyId?: string;
  /** The login of a self-service sign-up: it created the user. */
  created?: true;
  authenticatedAt: number;
  expiresAt: number;
}

interface PrfRecord {
  prfResult: string;
  expiresAt: number;
}

const loginKey = (challengeId: string) => `login:${challengeId}`;
/** A passkey login a tenant's server confirmed (verify-auth): its proof of a step-up (step-up.ts). */
const verifiedKey = (challengeId: string) => `verified:${challengeId}`;

export interface VerifiedPasskeyLogin {
  tenantId: string;
  userId: string;
  authenticatedAt: number;
  expiresAt: number;
}
// Kept apart from the login so that reading it can be an atomic take: one reader only.
const prfKey = (challengeId: string) => `prf:${challengeId}`;

/** A login as verify-auth reports it, before its session token is signed. */
type TakenLogin = Omit<VerifyAuthResponse, "sessionToken">;

export interface CompletedLogin {
  response: LoginSuccess;
  /** The new cookie session; none for a cross-device (QR) login, which signs in another device. */
  session?: { token: string; expiresAt: Date };
}

/** A verified passkey assertion, recorded with the login it completes. */
export interface PasskeyUse {
  passkeyId: string;
  /** The assertion's signature counter (0: the authenticator keeps none). */
  counter: number;
  backedUp: boolean;
}

interface LoginInput {
  ctx: AuthContext;
  tenant: Tenant;
  user: LoginUser;
  method: LoginRecord["method"];
  challengeId?: string;
  prfResult?: string | undefined;
  previousSessionToken?: string | undefined;
  ip?: string | undefined;
  detail?: Record<string, string>;
  /** False for a cross-device (QR) login: it signs in another device, so no cookie here. */
  withSession?: boolean;
  /** A self-service sign-up's login: verify-auth says `created: true`. */
  created?: boolean;
}

/**
 * What every successful login does: rotate the cookie session (unless `withSession` is false) and
 * write the audit row and queue the tenant's login.succeeded deliveries (one statement), then remember
 * the login for verify-auth (with the PRF result, readable once). A login that signs this page in
 * (`withSession`) also answers a signed `sessionToken` (session-jwt.ts); a phone's half of a QR
 * login and a step-up do not.
 */
export async function completeLogin(input: LoginInput): Promise<CompletedLogin> {
  return (await writeLogin(input)) as CompletedLogin;
}

/**
 * A passkey login: as completeLogin, in the same statement as the passkey's new counter, which is
 * stored only if it is higher than the stored one (of two concurrent logins presenting the same
 * counter, one wins). Undefined, and nothing written, when it is not.
 */
export function completePasskeyLogin(
  input: LoginInput & { passkeyUse: PasskeyUse },
): Promise<CompletedLogin | undefined> {
  return writeLogin(input);
}

async function writeLogin({
  ctx,
  tenant,
  user,
  method,
  challengeId = newId(),
  prfResult,
  previousSessionToken,
  ip,
  detail = {},
  passkeyUse,
  withSession = true,
  created = false,
}: LoginInput & { passkeyUse?: PasskeyUse }): Promise<CompletedLogin | undefined> {
  // An administrator's sign-in at `/` opens the dashboard's own session only (POST /admin/session):
  // a cookie session beside it could register passkeys and outlive the dashboard's logout.
  if (withSession && (await isAdminTenant(ctx.db, tenant.id))) withSession = false;
  const now = ctx.now();
  const session = newSession({
    ctx,
    tenantId: tenant.id,
    userId: user.id,
    previousToken: previousSessionToken,
  });
  // `guard` yields a row when the login may complete; every write is conditional on it.
  const guard = passkeyUse
    ? Prisma.sql`UPDATE auth_credentials
        SET counter = ${passkeyUse.counter}::bigint, backed_up = ${passkeyUse.backedUp},
          last_used_at = ${sqlTimestamp(now)}
        WHERE id = ${passkeyUse.passkeyId}::uuid
          ${passkeyUse.counter > 0 ? Prisma.sql`AND counter < ${passkeyUse.counter}::bigint` : Prisma.empty}
        RETURNING 1`
    : Prisma.sql`SELECT 1`;
  const condition = Prisma.sql`EXISTS (SELECT 1 FROM guard)`;
  const writes = [
    ...(withSession ? session.writes(condition) : []),
    auditInsert(
      { type: "login_success", tenantId: tenant.id, userId: user.id, ip, detail: { method, ...detail } },
      condition,
    ),
  ];
  const [written] = await queryPrepared<{ completed: boolean }>(
    ctx.db,
    Prisma.sql`WITH guard AS (${guard}), ${Prisma.join(
      writes.map((write, i) => Prisma.sql`${Prisma.raw(`write_${i}`)} AS (${write})`),
    )}, told AS (${tenantEventInsert(
      tenant.id,
      "login.succeeded",
      { user: eventUser(user), ...(passkeyUse ? { passkey: { id: passkeyUse.passkeyId } } : {}), method },
      condition,
    )})
    SELECT EXISTS (SELECT 1 FROM guard) AS completed,
      CASE WHEN EXISTS (SELECT 1 FROM told) THEN pg_notify(${TENANT_DELIVERIES_CHANNEL}, '')::text END AS notified`,
  );
  if (!written?.completed) return undefined;

  const expiresAt = now + LOGIN_VERIFY_WINDOW_MS;
  await Promise.all([
    putRecord<LoginRecord>(ctx, loginKey(challengeId), {
      tenantId: tenant.id,
      userId: user.id,
      method,
      ...(passkeyUse ? { passkeyId: passkeyUse.passkeyId } : {}),
      ...(created ? { created: true as const } : {}),
      authenticatedAt: now,
      expiresAt,
    }),
    prfResult ? putRecord<PrfRecord>(ctx, prfKey(challengeId), { prfResult, expiresAt }) : undefined,
  ]);
  const sessionToken = withSession
    ? await signSessionToken({
        ctx,
        tenantId: tenant.id,
        externalId: user.externalId,
        authenticatedAt: now,
        method,
      })
    : undefined;
  return {
    response: { success: true, user: userInfo(user), challengeId, ...(sessionToken ? { sessionToken } : {}) },
    ...(withSession ? { session: { token: session.token, expiresAt: session.expiresAt } } : {}),
  };
}

/**
 * Takes a completed login of `tenant`, once: atomically, so of two concurrent calls one only gets
 * it; a second call for the same challenge is not_found, as is another tenant's login (which that
 * call does not spend). Also says which passkey a passkey login used.
 */
export async function takeLogin({
  ctx,
  tenant,
  challengeId,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  challengeId: string;
}): Promise<{ response: TakenLogin; passkeyId?: string }> {
  const notFound = () => new NotFoundError("No completed login with this challengeId in the last 5 minutes.");
  const login = await getRecord<LoginRecord>(ctx, loginKey(challengeId));
  if (!login || login.tenantId !== tenant.id) throw notFound();
  // Taken only once the tenant matched, so nobody can spend another tenant's login.
  if (!(await takeRecord<LoginRecord>(ctx, loginKey(challengeId)))) throw notFound();
  const user = await ctx.db.authUser.findUnique({ where: { id: login.userId } });
  if (!user) throw notFound();
  const prf = await takeRecord<PrfRecord>(ctx, prfKey(challengeId));
  return {
    response: {
      user: userInfo(user),
      authenticatedAt: new Date(login.authenticatedAt).toISOString(),
      method: login.method,
      ...(prf ? { prfResult: prf.prfResult } : {}),
      ...(login.created ? { created: true as const } : {}),
    },
    ...(login.passkeyId ? { passkeyId: login.passkeyId } : {}),
  };
}

/**
 * `verify-auth`: the tenant's server confirms a login it was told about, once (see takeLogin), and
 * gets a fresh signed `sessionToken` for it (session-jwt.ts). A passkey login stays on record for 5
 * minutes after it was made, so that the tenant's server can cite it when it issues a user token
 * (stepUpChallengeId: step-up.ts).
 */
export async function verifyAuth(input: {
  ctx: AuthContext;
  tenant: Tenant;
  challengeId: string;
}): Promise<VerifyAuthResponse> {
  const { response, passkeyId } = await takeLogin(input);
  const authenticatedAt = Date.parse(response.authenticatedAt);
  if (passkeyId && authenticatedAt + LOGIN_VERIFY_WINDOW_MS > input.ctx.now()) {
    await putRecord<VerifiedPasskeyLogin>(input.ctx, verifiedKey(input.challengeId), {
      tenantId: input.tenant.id,
      userId: response.user.id,
      authenticatedAt,
      expiresAt: authenticatedAt + LOGIN_VERIFY_WINDOW_MS,
    });
  }
  const sessionToken = await signSessionToken({
    ctx: input.ctx,
    tenantId: input.tenant.id,
    externalId: response.user.externalId,
    authenticatedAt,
    method: response.method,
  });
  return { ...response, sessionToken };
}

/** A passkey login of `tenant` its server confirmed in the last 5 minutes, or null. */
export async function verifiedPasskeyLogin(
  ctx: AuthContext,
  tenant: Tenant,
  challengeId: string,
): Promise<VerifiedPasskeyLogin | null> {
  const record = await getRecord<VerifiedPasskeyLogin>(ctx, verifiedKey(challengeId));
  return record?.tenantId === tenant.id ? record : null;
}
