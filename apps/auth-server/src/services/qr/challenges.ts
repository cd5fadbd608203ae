import { randomBytes } from "node:crypto";
import type { QrPurpose, QrStartRequest, QrStartResponse, QrStatusResponse } from "@org/contracts";
import {
  AppError,
  generateSecret,
  hashSecret,
  matchLocale,
  NotFoundError,
  secretMatches,
} from "@org/service-kit";
import type { AuthContext } from "../../context.ts";
import { PAGE_LOCALES } from "../../pages/i18n/locales.ts";
import { newId } from "../challenges.ts";
import { signSessionToken } from "../session-jwt.ts";
import type { Tenant } from "../tenants.ts";
import { activeUser, userInfo } from "../users.ts";
import { qrImage } from "./image.ts";
import { networkOf } from "./network.ts";
import { effectiveStatus, type QrChallenge } from "./store.ts";

/** Where the QR points: the phone page, with the single-use secret in the fragment (never sent in a request line, so never in a log). */
export const PHONE_PAGE_PATH = "/qr";

/**
 * The tenant's `qr_login` policy, checked when a QR challenge starts, when the phone opens it and
 * when the phone finishes it: a code shown before the tenant turned QR sign-in off signs nobody in.
 */
export function assertQrAllowed(tenant: Pick<Tenant, "qrLogin" | "name">): void {
  if (tenant.qrLogin === "off") {
    throw new AppError("configuration_error", `QR sign-in is turned off for ${tenant.name}.`);
  }
}

/**
 * Starts a cross-device challenge: a login for `tenant` (session token), or a registration for
 * `userId` (user token), if the tenant allows QR codes (`qr_login`). The QR encodes the phone
 * page's URL with a secret of its own (usable once); the caller keeps `secret`, which alone
 * reveals who signed in. What the phone will show is only what the server knows to be true: the
 * tenant, and the page's origin when it is one of the tenant's; plus the starter's network, for
 * the phone to compare with its own.
 */
export async function startQr({
  ctx,
  tenant,
  purpose,
  userId,
  rpName,
  input,
  pageOrigin,
  ip,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  purpose: QrPurpose;
  /** Registration: the token's user. */
  userId?: string | undefined;
  /** Registration: the relying party's name the user token asked for. */
  rpName?: string | undefined;
  input: QrStartRequest;
  /** The page that asks (its Origin, or an embed's parent); kept only if it is one of the tenant's. */
  pageOrigin?: string | undefined;
  /** The starter's client IP (its network is compared with the phone's). */
  ip?: string | undefined;
}): Promise<QrStartResponse> {
  assertQrAllowed(tenant);
  if (purpose === "register") {
    if (!userId) throw new NotFoundError("No user to register a passkey for.");
    await activeUser({ ctx, tenant, userId });
  }
  const now = ctx.now();
  const secret = generateSecret("qrs");
  const mobileSecret = randomBytes(32).toString("base64url");
  const challenge: QrChallenge = {
    id: newId(),
    tenantId: tenant.id,
    purpose,
    status: "pending",
    userId: purpose === "register" ? (userId ?? null) : null,
    passkeyName: purpose === "register" ? (input.name ?? null) : null,
    rpName: purpose === "register" ? (rpName ?? null) : null,
    origin: [pageOrigin, input.origin].find((origin) => origin && tenant.origins.includes(origin)) ?? null,
    starterNetwork: networkOf(ip),
    starterSecretHash: hashSecret(secret),
    mobileSecretHash: hashSecret(mobileSecret),
    phoneTokenHash: null,
    message: null,
    ceremonyId: null,
    passkeyId: null,
    createdAt: now,
    expiresAt: now + ctx.env.QR_TTL_SECONDS * 1000,
    scannedAt: null,
    finishedAt: null,
  };
  await ctx.qr.store.create(challenge);
  // The site's language travels in the link (the phone page speaks it, not only the phone's own).
  const lang = matchLocale(input.lang, PAGE_LOCALES);
  const query = lang ? `?lang=${lang}` : "";
  const mobileUrl = `${new URL(ctx.env.PUBLIC_URL).origin}${PHONE_PAGE_PATH}${query}#${mobileSecret}`;
  return {
    challengeId: challenge.id,
    qrUrl: await qrImage(mobileUrl),
    mobileUrl,
    expiresAt: new Date(challenge.expiresAt).toISOString(),
    secret,
  };
}

/** Whether `secret` is the one the starter of `challenge` got. */
export const isStarter = (challenge: QrChallenge, secret: string | undefined) =>
  Boolean(secret) && secretMatches(secret as string, challenge.starterSecretHash);

/**
 * What a watcher is told: the status alone, or for the starter also why it failed and, once
 * completed, who signed in (and the challengeId for verify-auth) or whose passkey was created.
 */
export async function qrStatusView({
  ctx,
  challenge,
  starter,
}: {
  ctx: AuthContext;
  challenge: QrChallenge;
  starter: boolean;
}): Promise<QrStatusResponse> {
  const status = effectiveStatus(challenge, ctx.now());
  if (!starter) return { status };
  const view: QrStatusResponse = { status, ...(challenge.message ? { message: challenge.message } : {}) };
  if (status !== "completed" || !challenge.userId) return view;
  const user = await ctx.db.authUser.findUnique({ where: { id: challenge.userId } });
  return {
    ...view,
    ...(user ? { user: userInfo(user) } : {}),
    ...(challenge.purpose === "authenticate" && challenge.ceremonyId
      ? { loginChallengeId: challenge.ceremonyId }
      : {}),
    ...(user && challenge.purpose === "authenticate" && challenge.ceremonyId
      ? {
          // Signed when asked: the starter's page signs in with it, as with a direct login.
          sessionToken: await signSessionToken({
            ctx,
            tenantId: challenge.tenantId,
            externalId: user.externalId,
            authenticatedAt: challenge.finishedAt ?? ctx.now(),
            method: "passkey",
          }),
        }
      : {}),
    ...(challenge.passkeyId ? { passkeyId: challenge.passkeyId } : {}),
  };
}

/** `GET /auth/v1/qr/{challenge_id}/status`: anyone may ask; only the starter's secret reveals more. */
export async function qrStatus({
  ctx,
  challengeId,
  secret,
}: {
  ctx: AuthContext;
  challengeId: string;
  secret?: string | undefined;
}): Promise<QrStatusResponse> {
  const challenge = await ctx.qr.store.get(challengeId);
  if (!challenge) throw new NotFoundError("No QR challenge with this id (or it ended long ago).");
  return qrStatusView({ ctx, challenge, starter: isStarter(challenge, secret) });
}
