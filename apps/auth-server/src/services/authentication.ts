import type { AuthenticateFinishRequest, AuthenticateStartResponse } from "@org/contracts";
import { AppError } from "@org/service-kit";
import { generateAuthenticationOptions, verifyAuthenticationResponse } from "@simplewebauthn/server";
import type { AuthContext } from "../context.ts";
import { checkTopOrigin, parseClientData } from "../webauthn/client-data.ts";
import { audit } from "./audit.ts";
import { CHALLENGE_TTL_MS, consumeChallenge, saveChallenge } from "./challenges.ts";
import { completeLogin, type CompletedLogin } from "./logins.ts";
import { userHandleOf } from "./registration.ts";
import { expectedOrigins, type Tenant } from "./tenants.ts";

/** Discoverable login: no allowCredentials, the authenticator offers the passkeys it holds. */
export async function startAuthentication({
  ctx,
  tenant,
}: {
  ctx: AuthContext;
  tenant: Tenant;
}): Promise<AuthenticateStartResponse> {
  const options = await generateAuthenticationOptions({
    rpID: tenant.rpId,
    userVerification: "required",
    timeout: CHALLENGE_TTL_MS,
  });
  const challengeId = await saveChallenge(ctx, {
    tenantId: tenant.id,
    purpose: "authenticate",
    challenge: options.challenge,
  });
  return { challengeId, options: options as AuthenticateStartResponse["options"] };
}

/** The signature counter in authenticatorData (bytes 33..36, big-endian). */
function counterOf(authenticatorData: string): number {
  const bytes = Buffer.from(authenticatorData, "base64url");
  if (bytes.length < 37) throw new AppError("verification_failed", "authenticatorData is too short.");
  return bytes.readUInt32BE(33);
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
}: {
  ctx: AuthContext;
  tenant: Tenant;
  input: AuthenticateFinishRequest;
  previousSessionToken?: string | undefined;
  ip?: string | undefined;
}): Promise<CompletedLogin> {
  const challenge = await consumeChallenge(ctx, {
    challengeId: input.challengeId,
    tenantId: tenant.id,
    purpose: "authenticate",
  });
  const { credential: response } = input;
  // Scoped to the tenant: another tenant's passkey is unknown here.
  const credential = await ctx.db.authCredential.findUnique({
    where: { tenantId_credentialId: { tenantId: tenant.id, credentialId: response.id } },
    include: { user: true },
  });
  if (!credential) {
    throw new AppError("credential_not_found", "No passkey with this id is registered for this site.");
  }
  const { user } = credential;
  const fail = async (code: "verification_failed" | "user_disabled", reason: string, message: string) => {
    await audit(ctx, {
      type: "login_failure",
      tenantId: tenant.id,
      userId: user.id,
      ip,
      detail: { method: "passkey", reason, passkeyId: credential.id },
    });
    return new AppError(code, message);
  };
  if (user.disabled) throw await fail("user_disabled", "user_disabled", "This user has been disabled.");
  if (
    response.response.userHandle &&
    response.response.userHandle !== userHandleOf(user.id).toString("base64url")
  ) {
    throw await fail(
      "verification_failed",
      "user_handle",
      "The passkey's user handle does not match its account.",
    );
  }
  const clientData = parseClientData(response.response.clientDataJSON);
  try {
    checkTopOrigin(clientData, tenant.origins);
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
  const presented = counterOf(response.response.authenticatorData);
  if ((presented > 0 || storedCounter > 0) && presented <= storedCounter)
    throw await counterRegressed(presented);

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
        counter: storedCounter,
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
  const { newCounter, credentialBackedUp } = verified.authenticationInfo;

  // Conditional update: of two concurrent logins presenting the same counter, one wins.
  const updated = await ctx.db.authCredential.updateMany({
    where: { id: credential.id, ...(newCounter > 0 ? { counter: { lt: BigInt(newCounter) } } : {}) },
    data: { counter: BigInt(newCounter), backedUp: credentialBackedUp, lastUsedAt: new Date(ctx.now()) },
  });
  if (updated.count === 0) throw await counterRegressed(newCounter);

  return completeLogin({
    ctx,
    tenant,
    user,
    method: "passkey",
    challengeId: input.challengeId,
    prfResult: prfResultOf(input),
    previousSessionToken,
    ip,
    detail: { passkeyId: credential.id },
  });
}
