import type {
  AuthenticateFinishRequest,
  AuthenticateStartRequest,
  AuthenticateStartResponse,
} from "@org/contracts";
import { Prisma, queryPrepared } from "@org/db";
import { AppError } from "@org/service-kit";
import { generateAuthenticationOptions, verifyAuthenticationResponse } from "@simplewebauthn/server";
import type { AuthContext } from "../context.ts";
import type { PageOrigin } from "../http/page-origin.ts";
import { checkFrameBinding, checkTopOrigin, parseClientData } from "../webauthn/client-data.ts";
import { preflightAuthentication } from "../webauthn/preflight.ts";
import { prfSaltFor } from "../webauthn/prf.ts";
import { audit } from "./audit.ts";
import { recordLoginFailure } from "./login-failures.ts";
import { CHALLENGE_TTL_MS, consumeChallenge, saveChallenge } from "./challenges.ts";
import { completePasskeyLogin, type CompletedLogin } from "./logins.ts";
import { userHandleOf } from "./registration.ts";
import { expectedOrigins, type Tenant } from "./tenants.ts";

/**
 * Discoverable login: no allowCredentials, the authenticator offers the passkeys it holds. With
 * `prf`, the tenant's PRF salt (the one registration used) is returned and asked for in the options.
 */
export async function startAuthentication({
  ctx,
  tenant,
  input = {},
  page,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  input?: AuthenticateStartRequest;
  /** The tenant page that asks (already checked to be one of the tenant's origins). */
  page?: PageOrigin | undefined;
}): Promise<AuthenticateStartResponse> {
  const prfSalt = input.prf ? prfSaltFor(tenant) : undefined;
  const options = await generateAuthenticationOptions({
    rpID: tenant.rpId,
    userVerification: "required",
    timeout: CHALLENGE_TTL_MS,
  });
  if (prfSalt) (options as { extensions?: unknown }).extensions = { prf: { eval: { first: prfSalt } } };
  const challengeId = await saveChallenge(ctx, {
    tenantId: tenant.id,
    purpose: "authenticate",
    challenge: options.challenge,
    ...(page?.embedParent ? { embedParent: page.origin } : {}),
  });
  return {
    challengeId,
    options: options as AuthenticateStartResponse["options"],
    ...(prfSalt ? { prfSalt } : {}),
  };
}

/** A passkey of the tenant (another tenant's is unknown here) with its user, in one statement. */
async function passkeyWithUser(ctx: AuthContext, tenantId: string, credentialId: string) {
  const [row] = await queryPrepared<{
    id: string;
    credentialId: string;
    publicKey: Buffer;
    counter: string;
    transports: string[];
    backupEligible: boolean;
    userId: string;
    externalId: string;
    displayName: string | null;
    disabled: boolean;
  }>(
    ctx.db,
    Prisma.sql`
    SELECT c.id::text AS id, c.credential_id AS "credentialId", c.public_key AS "publicKey",
      c.counter::text AS counter, COALESCE(c.transports, '{}') AS transports,
      c.backup_eligible AS "backupEligible", u.id::text AS "userId",
      u.external_id AS "externalId", u.display_name AS "displayName", u.disabled
    FROM auth_credentials c JOIN auth_users u ON u.id = c.user_id
    WHERE c.tenant_id = ${tenantId}::uuid AND c.credential_id = ${credentialId}`,
  );
  if (!row) return undefined;
  const { userId, externalId, displayName, disabled, ...passkey } = row;
  return { ...passkey, user: { id: userId, externalId, displayName, disabled } };
}

/** PRF output from the request, or from the credential's client extension results. */
function prfResultOf(input: AuthenticateFinishRequest): string | undefined {
  if (input.prfResult) return input.prfResult;
  const prf = (input.credential.clientExtensionResults as { prf?: { results?: { first?: unknown } } }).prf;
  const first = prf?.results?.first;
  return typeof first === "string" && /^[A-Za-z0-9_-]+$/.test(first) ? first : undefined;
}

export async function finishAuthentication({
  ctx,
  tenant,
  input,
  previousSessionToken,
  ip,
  crossDevice = false,
  stepUp = false,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  input: AuthenticateFinishRequest;
  previousSessionToken?: string | undefined;
  ip?: string | undefined;
  /** Run on a phone for another device (QR): no cookie session here, audited `via: qr`. */
  crossDevice?: boolean;
  /** A step-up (step-up.ts): no cookie session, audited `via: step_up`. */
  stepUp?: boolean;
}): Promise<CompletedLogin> {
  const clientData = parseClientData(input.credential.response.clientDataJSON);
  // The origin and the RP ID, before the challenge is spent (a wrong one leaves it for a retry).
  try {
    preflightAuthentication(
      { clientData, authenticatorData: input.credential.response.authenticatorData },
      { origins: expectedOrigins(tenant, ctx.env.PUBLIC_URL), rpId: tenant.rpId },
    );
  } catch (error) {
    // Audited under the passkey's user when the passkey is known, as a failed signature check was.
    const known = await passkeyWithUser(ctx, tenant.id, input.credential.id);
    if (known) {
      await recordLoginFailure(ctx, {
        tenantId: tenant.id,
        user: known.user,
        ip,
        detail: { method: "passkey", reason: "origin_or_rp_id", passkeyId: known.id },
      });
    }
    throw error;
  }
  const challenge = await consumeChallenge(ctx, {
    challengeId: input.challengeId,
    tenantId: tenant.id,
    purpose: "authenticate",
  });
  const { credential: response } = input;
  const credential = await passkeyWithUser(ctx, tenant.id, response.id);
  if (!credential) {
    throw new AppError("credential_not_found", "No passkey with this id is registered for this site.");
  }
  const { user } = credential;
  const fail = async (code: "verification_failed" | "user_disabled", reason: string, message: string) => {
    await recordLoginFailure(ctx, {
      tenantId: tenant.id,
      user,
      ip,
      detail: { method: "passkey", reason, passkeyId: credential.id },
    });
    return new AppError(code, message);
  };
  if (user.disabled) throw await fail("user_disabled", "user_disabled", "This user has been disabled.");
  // Every login here is discoverable (no allowCredentials): the user handle names the account,
  // and must be the passkey's (WebAuthn L3 §7.2 step 6).
  if (!response.response.userHandle) {
    throw await fail(
      "verification_failed",
      "user_handle_missing",
      "The response has no user handle; a passkey sign-in must name its account.",
    );
  }
  if (response.response.userHandle !== userHandleOf(user.id).toString("base64url")) {
    throw await fail(
      "verification_failed",
      "user_handle",
      "The passkey's user handle does not match its account.",
    );
  }
  try {
    checkTopOrigin(clientData, tenant.origins);
    checkFrameBinding(clientData, challenge.embedParent);
  } catch (error) {
    throw await fail("verification_failed", "top_origin", (error as Error).message);
  }

  const storedCounter = Number(credential.counter);
  const counterRegressed = async (newCounter: number) => {
    ctx.logger.warn(
      { tenantId: tenant.id, passkeyId: credential.id, storedCounter, newCounter },
      "signature counter regression: possibly a cloned authenticator",
    );
    await audit(ctx, {
      type: "counter_regression",
      tenantId: tenant.id,
      userId: user.id,
      ip,
      detail: { passkeyId: credential.id, storedCounter, newCounter },
    });
    return fail(
      "verification_failed",
      "counter_regression",
      "The authenticator's signature counter went backwards; this passkey may have been cloned.",
    );
  };
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: response as unknown as Parameters<typeof verifyAuthenticationResponse>[0]["response"],
      expectedChallenge: challenge.challenge,
      expectedOrigin: expectedOrigins(tenant, ctx.env.PUBLIC_URL),
      expectedRPID: tenant.rpId,
      expectedTopOrigin: tenant.origins,
      credential: {
        id: credential.credentialId,
        publicKey: new Uint8Array(credential.publicKey),
        // The library compares counters before it checks the signature; an unsigned assertion
        // must never raise a clone alarm, so the comparison is ours, after verification.
        counter: 0,
        transports: credential.transports,
      },
      requireUserVerification: true,
    });
  } catch (error) {
    throw await fail(
      "verification_failed",
      "signature",
      error instanceof Error ? error.message : "Login failed.",
    );
  }
  if (!verified.verified)
    throw await fail("verification_failed", "signature", "The login could not be verified.");
  const { newCounter, credentialBackedUp, credentialDeviceType } = verified.authenticationInfo;
  // The backup-eligible flag is fixed when the credential is made (§6.1.3): a change means another
  // authenticator, or a forged response. Refused and audited.
  const backupEligible = credentialDeviceType === "multiDevice";
  if (backupEligible !== credential.backupEligible) {
    await audit(ctx, {
      type: "backup_eligibility_changed",
      tenantId: tenant.id,
      userId: user.id,
      ip,
      detail: { passkeyId: credential.id, stored: credential.backupEligible, received: backupEligible },
    });
    throw await fail(
      "verification_failed",
      "backup_eligibility",
      "The passkey's backup eligibility changed since it was registered; this response is refused.",
    );
  }
  if ((newCounter > 0 || storedCounter > 0) && newCounter <= storedCounter)
    throw await counterRegressed(newCounter);

  const login = await completePasskeyLogin({
    ctx,
    tenant,
    user,
    method: "passkey",
    challengeId: input.challengeId,
    prfResult: prfResultOf(input),
    previousSessionToken,
    ip,
    detail: {
      passkeyId: credential.id,
      ...(crossDevice ? { via: "qr" } : stepUp ? { via: "step_up" } : {}),
    },
    withSession: !crossDevice && !stepUp,
    passkeyUse: { passkeyId: credential.id, counter: newCounter, backedUp: credentialBackedUp },
  });
  // A concurrent login with this counter or a higher one got there first.
  if (!login) throw await counterRegressed(newCounter);
  return login;
}
