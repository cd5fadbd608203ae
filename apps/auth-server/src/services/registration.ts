import type {
  AttachmentPolicy,
  PasskeyCreatedVia,
  RegisterFinishRequest,
  RegisterFinishResponse,
  RegisterStartRequest,
  RegisterStartResponse,
} from "@org/contracts";
import type { Prisma } from "@org/db";
import { AppError, ConflictError } from "@org/service-kit";
import { generateRegistrationOptions, verifyRegistrationResponse } from "@simplewebauthn/server";
import type { AuthContext } from "../context.ts";
import { authenticatorName } from "../webauthn/aaguids.ts";
import type { PageOrigin } from "../http/page-origin.ts";
import { checkFrameBinding, checkTopOrigin, parseClientData } from "../webauthn/client-data.ts";
import { preflightRegistration } from "../webauthn/preflight.ts";
import { prfSaltFor } from "../webauthn/prf.ts";
import { audit } from "./audit.ts";
import { emitTenantEvent, eventUser } from "./tenant-webhooks.ts";
import { CHALLENGE_TTL_MS, consumeChallenge, saveChallenge, type ChallengeRecord } from "./challenges.ts";
import { expectedOrigins, registrationAttachmentOf, type Tenant } from "./tenants.ts";
import { activeUser, userInfo, type AuthUser } from "./users.ts";

/** WebAuthn allows credential ids up to 1023 bytes. */
export const MAX_CREDENTIAL_ID_BYTES = 1023;

/** The user handle of a user: its id as UTF-8, so a discoverable login names the account. */
export const userHandleOf = (userId: string) => Buffer.from(userId, "utf8");

/** WebAuthn Level 3 `hints`: which kind of authenticator the browser offers first. */
type Hint = "client-device" | "security-key" | "hybrid";

/**
 * Where the new passkey may live: the tenant's `registration_attachment` beats the client's own
 * `authenticatorAttachment` (the SDK's detection or the element's attribute), which applies only
 * under `auto`. `any` leaves the attachment out, so the laptop's built-in authenticator, a security
 * key and a phone are all offered, the laptop's first.
 */
export function attachmentFor(
  tenant: Pick<Tenant, "registrationAttachment">,
  requested: RegisterStartRequest["authenticatorAttachment"],
): {
  policy?: AttachmentPolicy;
  attachment?: "platform" | "cross-platform";
  hints: Hint[];
} {
  const rule = registrationAttachmentOf(tenant);
  switch (rule) {
    case "any":
      return { policy: rule, hints: ["client-device", "hybrid", "security-key"] };
    case "platform":
      return { policy: rule, attachment: rule, hints: ["client-device"] };
    case "cross-platform":
      return { policy: rule, attachment: rule, hints: ["security-key", "hybrid"] };
    case "auto":
      return requested ? { attachment: requested, hints: [] } : { hints: [] };
  }
}

export async function startRegistration({
  ctx,
  tenant,
  userId,
  input,
  page,
  onPhone = false,
  signup,
  rpName,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  userId: string;
  input: RegisterStartRequest;
  /** Self-service sign-up: `userId` is the id the new user will get; nobody has it yet. */
  signup?: NonNullable<ChallengeRecord["signup"]>;
  /** The tenant page that asks (already checked to be one of the tenant's origins). */
  page?: PageOrigin | undefined;
  /**
   * The QR phone page: the passkey is created on the phone itself, which is the roaming
   * authenticator the tenant's policy means by cross-platform, so no attachment is asked for.
   */
  onPhone?: boolean;
  /** The site's name the tenant's user token asked for (WebAuthn rp.name); default: the tenant's name. */
  rpName?: string | null | undefined;
}): Promise<RegisterStartResponse> {
  const user = signup
    ? { id: userId, ...signup, displayName: signup.displayName ?? null }
    : await activeUser({ ctx, tenant, userId });
  const existing = signup
    ? []
    : await ctx.db.authCredential.findMany({
        where: { userId: user.id },
        select: { credentialId: true, transports: true },
      });
  const prfSalt = input.prf ? prfSaltFor(tenant) : undefined;
  const placement = onPhone
    ? { hints: ["client-device"] as Hint[] }
    : attachmentFor(tenant, input.authenticatorAttachment);
  const generated = await generateRegistrationOptions({
    rpName: rpName ?? tenant.name,
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
      ...(placement.attachment ? { authenticatorAttachment: placement.attachment } : {}),
    },
    ...(prfSalt ? { extensions: { prf: { eval: { first: prfSalt } } } as never } : {}),
  });
  const { hints: _none, ...withoutHints } = generated;
  const options = placement.hints.length ? { ...withoutHints, hints: placement.hints } : withoutHints;
  const challengeId = await saveChallenge(ctx, {
    tenantId: tenant.id,
    purpose: "register",
    challenge: options.challenge,
    userId: user.id,
    ...(input.name ? { name: input.name } : {}),
    ...(page?.embedParent ? { embedParent: page.origin } : {}),
    ...(signup ? { signup } : {}),
  });
  return {
    challengeId,
    options: options as RegisterStartResponse["options"],
    ...(placement.policy && !onPhone ? { attachmentPolicy: placement.policy } : {}),
    ...(prfSalt ? { prfSalt } : {}),
  };
}

/** Why a verified registration was not stored: audited, logged, and said plainly to the client. */
async function notStored(
  ctx: AuthContext,
  { tenant, userId, ip, error }: { tenant: Tenant; userId: string; ip?: string | undefined; error: unknown },
): Promise<AppError> {
  const duplicate = (error as { code?: unknown }).code === "P2002";
  if (!duplicate) {
    ctx.logger.error({ err: error, tenantId: tenant.id, userId }, "verified passkey registration not stored");
  }
  await audit(ctx, {
    type: "registration_failure",
    tenantId: tenant.id,
    userId,
    ip,
    detail: { reason: duplicate ? "duplicate" : "store_failed" },
  }).catch((auditError: unknown) => {
    ctx.logger.error({ err: auditError, tenantId: tenant.id, userId }, "audit write failed");
  });
  if (duplicate) return new ConflictError("This passkey is already registered.");
  return new AppError(
    "server_error",
    "The passkey was verified but could not be saved, so it is not registered. Try again.",
  );
}

/**
 * Everything that can be checked without the challenge is checked before it is spent, so a
 * refused request leaves the ceremony open for a corrected retry. After verification the passkey
 * and its audit row are written in one transaction; if that fails, nothing is stored and the
 * answer says so (the SDK then tells the browser to forget the new credential), with a
 * `registration_failure` audit row and an error log.
 */
export async function finishRegistration({
  ctx,
  tenant,
  userId,
  input,
  ip,
  crossDevice = false,
  createdVia = crossDevice ? "qr" : "direct",
  beforeStore,
  adminId,
  signup = false,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  /** The user the passkey is for; ignored for a sign-up, whose challenge names the user to create. */
  userId: string;
  input: RegisterFinishRequest;
  /**
   * Self-service sign-up: the challenge must be a sign-up's, and the user it names is created in the
   * transaction that stores the passkey (an identifier taken meanwhile: conflict, nothing stored).
   */
  signup?: boolean;
  ip?: string | undefined;
  /** Created on a phone by scanning a QR code: audited `via: qr`. */
  crossDevice?: boolean;
  /** How the passkey was made, stored with it (the dashboard's Passkeys page shows it). */
  createdVia?: PasskeyCreatedVia;
  /**
   * A last check inside the transaction that stores the passkey; throwing stores nothing. What it
   * returns is stored with the passkey (an invite's binding: the invite and its issuer).
   */
  beforeStore?: (
    tx: Prisma.TransactionClient,
  ) => Promise<{ adminInviteId?: string; inviteIssuerId?: string | null } | void>;
  /** The administrator who added it from their dashboard (audited under them). */
  adminId?: string | undefined;
}): Promise<RegisterFinishResponse> {
  const existingUser = signup ? undefined : await activeUser({ ctx, tenant, userId });
  const clientData = parseClientData(input.credential.response.clientDataJSON);
  checkTopOrigin(clientData, tenant.origins);
  assertCredentialIdSize(input.credential.rawId);
  // The origin, the RP ID and a packed self-attestation's algorithm, before the challenge is spent.
  preflightRegistration(
    { clientData, attestationObject: input.credential.response.attestationObject },
    { origins: expectedOrigins(tenant, ctx.env.PUBLIC_URL), rpId: tenant.rpId },
  );

  const challenge = await consumeChallenge(ctx, {
    challengeId: input.challengeId,
    tenantId: tenant.id,
    purpose: "register",
  });
  const pending = challenge.signup;
  if (signup ? !pending || !challenge.userId : challenge.userId !== userId) {
    throw new AppError(
      "challenge_expired",
      "The challenge is unknown, expired or already used; start again.",
    );
  }
  checkFrameBinding(clientData, challenge.embedParent);
  const owner = challenge.userId ?? userId;

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
  assertCredentialIdSize(info.credential.id);

  let stored: { passkeyId: string; user: AuthUser };
  try {
    stored = await ctx.db.$transaction(async (tx) => {
      const binding = (await beforeStore?.(tx)) ?? {};
      const user = pending ? await createSignedUpUser(tx, { tenant, id: owner, ...pending }) : existingUser;
      if (!user) throw new AppError("unauthenticated", "Unknown user.");
      if (pending) await emitTenantEvent(tx, tenant.id, "user.created", { user: eventUser(user) });
      const created = await tx.authCredential.create({
        data: {
          ...binding,
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
          createdVia,
        },
        select: { id: true },
      });
      await audit(
        { db: tx },
        {
          type: "registration",
          tenantId: tenant.id,
          userId: user.id,
          adminId,
          ip,
          detail: {
            passkeyId: created.id,
            aaguid: info.aaguid,
            ...(crossDevice ? { via: "qr" } : {}),
            ...(pending ? { signup: true } : {}),
            ...(createdVia === "invite" || createdVia === "dashboard" ? { createdVia } : {}),
            ...(binding.adminInviteId
              ? { inviteId: binding.adminInviteId, inviteIssuer: binding.inviteIssuerId ?? null }
              : {}),
          },
        },
      );
      await emitTenantEvent(tx, tenant.id, "passkey.added", {
        user: eventUser(user),
        passkey: { id: created.id },
      });
      return { passkeyId: created.id, user };
    });
  } catch (error) {
    if (error instanceof AppError) throw error; // beforeStore's refusal: said as it is
    throw await notStored(ctx, { tenant, userId: owner, ip, error });
  }
  return { success: true, user: userInfo(stored.user), passkeyId: stored.passkeyId };
}

/** The user a sign-up names, created with its first passkey; its identifier taken meanwhile: conflict. */
async function createSignedUpUser(
  tx: Prisma.TransactionClient,
  {
    tenant,
    id,
    externalId,
    username,
    displayName,
  }: { tenant: Tenant; id: string } & NonNullable<ChallengeRecord["signup"]>,
): Promise<AuthUser> {
  try {
    // The unique indexes on (tenant, username) and (tenant, externalId) decide two racing sign-ups.
    return await tx.authUser.create({
      data: { id, tenantId: tenant.id, externalId, username, displayName: displayName ?? null },
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === "P2002") throw identifierTaken(username);
    throw error;
  }
}

/** Someone else has this identifier: the person should sign in instead (or pick another). */
export const identifierTaken = (identifier: string) =>
  new ConflictError(`${identifier} already has an account: sign in instead.`);

/** WebAuthn credential ids are at most 1023 bytes (base64url on the wire). */
function assertCredentialIdSize(credentialId: string): void {
  if (Buffer.from(credentialId, "base64url").length > MAX_CREDENTIAL_ID_BYTES) {
    throw new AppError(
      "verification_failed",
      `Credential ids longer than ${MAX_CREDENTIAL_ID_BYTES} bytes are refused.`,
    );
  }
}
