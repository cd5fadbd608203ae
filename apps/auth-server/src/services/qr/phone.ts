// The phone's side of a cross-device challenge: it opens the QR's URL (claim: the challenge becomes
// scanned and the phone gets a token of its own), runs WebAuthn, and finishes through the same
// login and registration services as a direct ceremony, or gives up (abort).
import {
  authErrorStatus,
  type AuthenticationResponseJSON,
  type QrAbortRequest,
  type QrClaimResponse,
  type QrFinishRequest,
  type QrPhoneFailure,
  type QrPhoneResult,
  type RegistrationResponseJSON,
} from "@org/contracts";
import { deviceName } from "@org/contracts/device-name";
import { AppError, ConflictError, generateSecret, hashSecret, ValidationError } from "@org/service-kit";
import { putRecord, takeRecord, type AuthContext } from "../../context.ts";
import { finishAuthentication, startAuthentication } from "../authentication.ts";
import { finishRegistration, startRegistration } from "../registration.ts";
import { enabledTenant } from "../tenants.ts";
import { activeUser } from "../users.ts";
import { assertQrAllowed } from "./challenges.ts";
import { compareNetworks } from "./network.ts";
import { effectiveStatus, type QrChallenge, type QrChallengeUpdate } from "./store.ts";

const PHONE_FAILURES: Record<QrPhoneFailure, string> = {
  webauthn_not_supported: "The phone's browser cannot use passkeys.",
  credential_exists: "The phone already holds a passkey for this account.",
  security_error:
    "The phone's browser refused this site's passkeys on the sign-in page (the site's /.well-known/webauthn must list the sign-in server).",
  unknown: "The phone could not complete the passkey step.",
};
const SERVER_FAILURE = "The server could not complete the passkey step. Try again with a new QR code.";

const expired = () =>
  new AppError("challenge_expired", "This QR code has expired. Show a new one on your computer and scan it.");
const used = () =>
  new ConflictError(
    "This QR code was already opened on a device. Each code works once: scan the new code on your computer.",
  );

/**
 * The right to end a scanned challenge, given to the phone at claim and taken by the first finish
 * or abort: a duplicate of that request (a retry, a double tap) finds it gone and changes nothing,
 * so it can never turn a login that is being completed into `failed`.
 */
interface VerdictRecord {
  expiresAt: number;
}
/** The phone's device name, or undefined when its User-Agent names neither browser nor system. */
function phoneName(userAgent: string | undefined): string | undefined {
  const name = userAgent ? deviceName(userAgent) : "Passkey";
  return name === "Passkey" ? undefined : name;
}

const withName = (name: string | null | undefined) => (name ? { name } : {});

const verdictKey = (challengeId: string) => `qr-verdict:${challengeId}`;
const finishing = () =>
  new ConflictError("This QR code's passkey step is already being finished on this phone.");

/**
 * The phone opened the QR's URL: marks the challenge scanned (once: a second open is a conflict),
 * starts the phone's WebAuthn ceremony, and returns what the page shows before it: only facts the
 * server checked (the tenant, the page's origin if it is one of the tenant's) and whether the
 * phone's network is the computer's.
 */
export async function claimQr({
  ctx,
  secret,
  ip,
  userAgent,
}: {
  ctx: AuthContext;
  secret: string;
  /** The phone's client IP. */
  ip?: string | undefined;
  /** The phone browser's User-Agent: a passkey registered here is named after the phone. */
  userAgent?: string | undefined;
}): Promise<QrClaimResponse> {
  const now = ctx.now();
  const challenge = await ctx.qr.store.byMobileSecret(hashSecret(secret));
  if (!challenge) throw expired();
  if (challenge.status !== "pending") throw used();
  if (effectiveStatus(challenge, now) === "expired") throw expired();
  const tenant = await enabledTenant({ db: ctx.db, id: challenge.tenantId });
  if (tenant.qrLogin === "off") {
    // Turned off since the code was shown: the starter is told at once, the phone is refused.
    const failed = await ctx.qr.store.transition(
      challenge.id,
      "pending",
      { status: "failed", message: `QR sign-in is turned off for ${tenant.name}.`, finishedAt: now },
      now,
    );
    if (failed) ctx.qr.events.changed(failed);
    assertQrAllowed(tenant);
  }
  const token = generateSecret("qrp");
  const claim = async (ceremonyId: string) => {
    const claimed = await ctx.qr.store.transition(
      challenge.id,
      "pending",
      { status: "scanned", phoneTokenHash: hashSecret(token), scannedAt: now, ceremonyId },
      now,
    );
    if (!claimed) {
      const current = await ctx.qr.store.get(challenge.id);
      throw current && effectiveStatus(current, ctx.now()) === "expired" ? expired() : used();
    }
    await putRecord<VerdictRecord>(ctx, verdictKey(challenge.id), { expiresAt: challenge.expiresAt });
    ctx.qr.events.changed(claimed);
  };
  const common = {
    token,
    tenant: { name: tenant.name, rpId: tenant.rpId },
    origin: challenge.origin,
    network: compareNetworks(challenge.starterNetwork, ip),
    requestedAt: new Date(challenge.createdAt).toISOString(),
    expiresAt: new Date(challenge.expiresAt).toISOString(),
  };
  if (challenge.purpose === "register") {
    const user = await activeUser({ ctx, tenant, userId: challenge.userId ?? "" });
    const ceremony = await startRegistration({
      ctx,
      tenant,
      userId: user.id,
      // Named after the phone it is made on ("Safari on iOS"), not the computer showing the code
      // (whose name the starter may have sent); the starter's name only when the phone's is unknown.
      input: withName(phoneName(userAgent) ?? challenge.passkeyName),
      rpName: challenge.rpName,
      onPhone: true,
    });
    await claim(ceremony.challengeId);
    return {
      purpose: "register",
      ...common,
      user: { name: user.displayName ?? user.username ?? user.externalId },
      challengeId: ceremony.challengeId,
      options: ceremony.options,
    };
  }
  const ceremony = await startAuthentication({ ctx, tenant });
  await claim(ceremony.challengeId);
  return { purpose: "authenticate", ...common, challengeId: ceremony.challengeId, options: ceremony.options };
}

/** The challenge of the phone's token. */
async function phoneChallenge(ctx: AuthContext, phoneToken: string | undefined): Promise<QrChallenge> {
  const challenge = phoneToken ? await ctx.qr.store.byPhoneToken(hashSecret(phoneToken)) : undefined;
  if (!challenge)
    throw new AppError("unauthenticated", "Missing or invalid phone token; scan the QR code again.");
  return challenge;
}

/** A scanned, unexpired challenge, whose verdict this request takes (see VerdictRecord). */
async function takeVerdict(ctx: AuthContext, challenge: QrChallenge): Promise<void> {
  const status = effectiveStatus(challenge, ctx.now());
  if (status === "expired") throw expired();
  if (status !== "scanned") throw new ConflictError(`This QR code's challenge is already ${status}.`);
  if (!(await takeRecord<VerdictRecord>(ctx, verdictKey(challenge.id)))) throw finishing();
}

/** Moves a scanned challenge to its end; undefined when it had already ended (or expired). */
async function end(ctx: AuthContext, challenge: QrChallenge, update: QrChallengeUpdate) {
  const ended = await ctx.qr.store.transition(
    challenge.id,
    "scanned",
    { ...update, finishedAt: ctx.now() },
    // The finish began before expiry (takeVerdict checked); a verdict may land just after it.
    update.status === "completed" ? undefined : ctx.now(),
  );
  if (ended) ctx.qr.events.changed(ended);
  return ended;
}

const isRegistration = (credential: QrFinishRequest["credential"]): credential is RegistrationResponseJSON =>
  "attestationObject" in credential.response;

/**
 * The phone's WebAuthn result, verified by the login or registration service exactly as a direct
 * ceremony (a QR login is then confirmed with verify-auth like any other, with the challengeId the
 * starter is told). Refused: the challenge becomes `failed` (with the reason); a server failure: `error`.
 */
export async function finishQr({
  ctx,
  phoneToken,
  input,
  ip,
}: {
  ctx: AuthContext;
  phoneToken: string | undefined;
  input: QrFinishRequest;
  ip?: string | undefined;
}): Promise<QrPhoneResult> {
  const challenge = await phoneChallenge(ctx, phoneToken);
  // The same phone sending its finish again after it worked: it worked.
  if (challenge.status === "completed") return { status: "completed" };
  await takeVerdict(ctx, challenge);
  let update: QrChallengeUpdate;
  try {
    if (input.challengeId !== challenge.ceremonyId) {
      throw new AppError("challenge_expired", "This passkey challenge is not the one of this QR code.");
    }
    const tenant = await enabledTenant({ db: ctx.db, id: challenge.tenantId });
    assertQrAllowed(tenant);
    const { credential } = input;
    if (challenge.purpose === "register") {
      if (!isRegistration(credential)) throw new ValidationError("A registration response is expected.");
      const registered = await finishRegistration({
        ctx,
        tenant,
        userId: challenge.userId ?? "",
        input: { challengeId: input.challengeId, credential },
        ip,
        crossDevice: true,
      });
      update = { status: "completed", passkeyId: registered.passkeyId };
    } else {
      if (isRegistration(credential)) throw new ValidationError("An authentication response is expected.");
      const login = await finishAuthentication({
        ctx,
        tenant,
        input: { challengeId: input.challengeId, credential: credential as AuthenticationResponseJSON },
        ip,
        crossDevice: true,
      });
      update = { status: "completed", userId: login.response.user.id };
    }
  } catch (error) {
    const refused =
      error instanceof AppError && ((authErrorStatus as Record<string, number>)[error.code] ?? 500) < 500;
    await end(ctx, challenge, {
      status: refused ? "failed" : "error",
      message: refused ? error.message : SERVER_FAILURE,
    });
    throw error;
  }
  if (!(await end(ctx, challenge, update))) throw expired();
  return { status: "completed" };
}

/** The phone gives up: the person dismissed the prompt (cancelled) or its browser failed (failed). */
export async function abortQr({
  ctx,
  phoneToken,
  input,
}: {
  ctx: AuthContext;
  phoneToken: string | undefined;
  input: QrAbortRequest;
}): Promise<QrPhoneResult> {
  const challenge = await phoneChallenge(ctx, phoneToken);
  await takeVerdict(ctx, challenge);
  const ended = await end(
    ctx,
    challenge,
    input.status === "cancelled"
      ? { status: "cancelled", message: "Cancelled on the phone." }
      : { status: "failed", message: PHONE_FAILURES[input.reason] },
  );
  if (!ended) throw expired();
  return { status: ended.status };
}
