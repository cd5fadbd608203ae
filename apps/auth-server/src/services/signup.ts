// Self-service sign-up (tenant setting `self_signup`): a person with no account creates one from
// <authkit-login> with a passkey. The user and its first passkey are written together at finish, so
// an abandoned sign-up leaves nothing behind; the login that follows says `created: true`.
import { randomUUID } from "node:crypto";
import type {
  LoginSuccess,
  SignupFinishRequest,
  SignupStartRequest,
  SignupStartResponse,
} from "@org/contracts";
import { AppError } from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import type { PageOrigin } from "../http/page-origin.ts";
import { completeLogin, type CompletedLogin } from "./logins.ts";
import { finishRegistration, identifierTaken, startRegistration } from "./registration.ts";
import type { Tenant } from "./tenants.ts";

/** The tenant's `self_signup` is off (the default): refused at the API, not only hidden by the box. */
export const selfSignupOff = () =>
  new AppError("forbidden", "Self-service sign-up is off for this tenant (its self_signup setting).");

/** An email address is compared lower-cased; a username as typed. */
export const normalizeIdentifier = (identifier: string) =>
  identifier.includes("@") ? identifier.toLowerCase() : identifier;

export async function startSignup({
  ctx,
  tenant,
  input,
  page,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  input: SignupStartRequest;
  page?: PageOrigin | undefined;
}): Promise<SignupStartResponse> {
  if (!tenant.selfSignup) throw selfSignupOff();
  const identifier = normalizeIdentifier(input.identifier);
  // Said before the passkey dialog opens; finish checks again (a unique index, in the transaction).
  const taken = await ctx.db.authUser.findFirst({
    where: { tenantId: tenant.id, OR: [{ username: identifier }, { externalId: identifier }] },
    select: { id: true },
  });
  if (taken) throw identifierTaken(identifier);
  const { challengeId, options, prfSalt } = await startRegistration({
    ctx,
    tenant,
    userId: randomUUID(),
    input: { ...(input.prf ? { prf: input.prf } : {}) },
    page,
    signup: {
      externalId: identifier,
      username: identifier,
      ...(input.displayName ? { displayName: input.displayName } : {}),
    },
  });
  return { challengeId, options, ...(prfSalt ? { prfSalt } : {}) };
}

export async function finishSignup({
  ctx,
  tenant,
  input,
  previousSessionToken,
  ip,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  input: SignupFinishRequest;
  previousSessionToken?: string | undefined;
  ip?: string | undefined;
}): Promise<CompletedLogin & { response: LoginSuccess }> {
  // Checked again at finish: the setting may have been turned off since start.
  if (!tenant.selfSignup) throw selfSignupOff();
  const { user } = await finishRegistration({ ctx, tenant, userId: "", input, ip, signup: true });
  const completed = await completeLogin({
    ctx,
    tenant,
    user: { id: user.id, externalId: user.externalId, displayName: user.displayName ?? null },
    method: "passkey",
    previousSessionToken,
    ip,
    created: true,
    detail: { signup: "true" },
  });
  return { ...completed, response: { ...completed.response, created: true } };
}
