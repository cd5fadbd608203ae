import type {
  RegisterFinishRequest,
  RegisterFinishResponse,
  RegisterStartRequest,
  RegisterStartResponse,
} from "@org/contracts";
import { AppError, ConflictError } from "@org/service-kit";
import { generateRegistrationOptions, verifyRegistrationResponse } from "@simplewebauthn/server";
import type { AuthContext } from "../context.ts";
import { authenticatorName } from "../webauthn/aaguids.ts";
import { checkTopOrigin, parseClientData } from "../webauthn/client-data.ts";
import { prfSaltFor } from "../webauthn/prf.ts";
import { audit } from "./audit.ts";
import { CHALLENGE_TTL_MS, consumeChallenge, saveChallenge } from "./challenges.ts";
import { expectedOrigins, type Tenant } from "./tenants.ts";
import { activeUser, userInfo } from "./users.ts";

/** WebAuthn allows credential ids up to 1023 bytes. */
export const MAX_CREDENTIAL_ID_BYTES = 1023;

/** The user handle of a user: its id as UTF-8, so a discoverable login names the account. */
export const userHandleOf = (userId: string) => Buffer.from(userId, "utf8");

export async function startRegistration({
  ctx,
  tenant,
  userId,
  input,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  userId: string;
  input: RegisterStartRequest;
}): Promise<RegisterStartResponse> {
  const user = await activeUser({ ctx, tenant, userId });
  const existing = await ctx.db.authCredential.findMany({
    where: { userId: user.id },
    select: { credentialId: true, transports: true },
  });
  const prfSalt = input.prf ? prfSaltFor(tenant) : undefined;
  const options = await generateRegistrationOptions({
    rpName: tenant.name,
    rpID: tenant.rpId,
    userID: userHandleOf(user.id),
    userName: user.username ?? user.externalId,
    userDisplayName: user.displayName ?? user.username ?? user.externalId,
    timeout: CHALLENGE_TTL_MS,
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports })),
    authenticatorSelection: {
      residentKey: "required",
      requireResidentKey: true,
      userVerification: "required",
      ...(input.authenticatorAttachment ? { authenticatorAttachment: input.authenticatorAttachment } : {}),
    },
    ...(prfSalt ? { extensions: { prf: { eval: { first: prfSalt } } } as never } : {}),
  });
  const challengeId = await saveChallenge(ctx, {
    tenantId: tenant.id,
    purpose: "register",
    challenge: options.challenge,
    userId: user.id,
    ...(input.name ? { name: input.name } : {}),
  });
  return {
    challengeId,
    options: options as RegisterStartResponse["options"],
    ...(prfSalt ? { prfSalt } : {}),
  };
}

export async function finishRegistration({
  ctx,
  tenant,
  userId,
  input,
  ip,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  userId: string;
  input: RegisterFinishRequest;
  ip?: string | undefined;
}): Promise<RegisterFinishResponse> {
  const challenge = await consumeChallenge(ctx, {
    challengeId: input.challengeId,
    tenantId: tenant.id,
    purpose: "register",
  });
  if (challenge.userId !== userId) {
    throw new AppError(
      "challenge_expired",
      "The challenge is unknown, expired or already used; start again.",
    );
  }
  const user = await activeUser({ ctx, tenant, userId });
  checkTopOrigin(parseClientData(input.credential.response.clientDataJSON), tenant.origins);

  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.credential as unknown as Parameters<typeof verifyRegistrationResponse>[0]["response"],
      expectedChallenge: challenge.challenge,
      expectedOrigin: expectedOrigins(tenant, ctx.env.PUBLIC_URL),
      expectedRPID: tenant.rpId,
      requireUserVerification: true,
    });
  } catch (error) {
    throw new AppError(
      "verification_failed",
      error instanceof Error ? error.message : "Registration failed.",
    );
  }
  if (!verified.verified)
    throw new AppError("verification_failed", "The registration could not be verified.");
  const info = verified.registrationInfo;
  if (Buffer.from(info.credential.id, "base64url").length > MAX_CREDENTIAL_ID_BYTES) {
    throw new AppError(
      "verification_failed",
      `Credential ids longer than ${MAX_CREDENTIAL_ID_BYTES} bytes are refused.`,
    );
  }

  let passkeyId: string;
  try {
    const created = await ctx.db.authCredential.create({
      data: {
        tenantId: tenant.id,
        userId: user.id,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey),
        counter: BigInt(info.credential.counter),
        transports: info.credential.transports ?? input.credential.response.transports ?? [],
        aaguid: info.aaguid,
        backupEligible: info.credentialDeviceType === "multiDevice",
        backedUp: info.credentialBackedUp,
        name: input.name ?? challenge.name ?? authenticatorName(info.aaguid),
        prfHash: input.prfHash ?? null,
      },
      select: { id: true },
    });
    passkeyId = created.id;
  } catch (error) {
    if ((error as { code?: string }).code === "P2002")
      throw new ConflictError("This passkey is already registered.");
    throw error;
  }
  await audit(ctx, {
    type: "registration",
    tenantId: tenant.id,
    userId: user.id,
    ip,
    detail: { passkeyId, aaguid: info.aaguid },
  });
  return { success: true, user: userInfo(user), passkeyId };
}
