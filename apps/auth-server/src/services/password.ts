import type { PasswordLoginRequest } from "@org/contracts";
import { verify } from "@node-rs/argon2";
import { AppError } from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import { recordLoginFailure } from "./login-failures.ts";
import { completeLogin, type CompletedLogin } from "./logins.ts";
import type { Tenant } from "./tenants.ts";
import { hashPassword, userDisabledError } from "./users.ts";

let dummyHash: Promise<string> | undefined;
/**
 * A hash of a random password with the same parameters as real ones: an unknown username is
 * verified against it, so it costs the same time as a wrong password.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
}

/** The tenant's `password_login` is off (the default for new tenants). */
export const passwordLoginOff = () =>
  new AppError("forbidden", "Password sign-in is off for this tenant (its password_login setting).");

const invalid = () => new AppError("invalid_credentials", "Invalid username or password.");

export async function passwordLogin({
  ctx,
  tenant,
  input,
  previousSessionToken,
  ip,
}: {
  ctx: AuthContext;
  tenant: Tenant;
  input: PasswordLoginRequest;
  previousSessionToken?: string | undefined;
  ip?: string | undefined;
}): Promise<CompletedLogin> {
  // Refused before any lookup: a tenant that turned passwords off answers alike for every account.
  if (!tenant.passwordLogin) throw passwordLoginOff();
  const user = await ctx.db.authUser.findUnique({
    where: { tenantId_username: { tenantId: tenant.id, username: input.username } },
  });
  const storedHash = user?.passwordHash ?? (await dummyPasswordHash());
  // Verified in every branch, disabled users included, so the time taken says nothing either.
  const matches = await verify(storedHash, input.password).catch(() => false);
  // Every failure writes the same audit row and event, so the timing stays alike too.
  const fail = async (reason: string, error: AppError) => {
    await recordLoginFailure(ctx, { tenantId: tenant.id, user, ip, detail: { method: "password", reason } });
    return error;
  };
  // A disabled user gets user_disabled whatever the password: the answer is no password oracle.
  if (user?.disabled) throw await fail("user_disabled", userDisabledError());
  if (!user || !user.passwordHash || !matches) {
    throw await fail(user?.passwordHash ? "wrong_password" : "unknown_user", invalid());
  }
  return completeLogin({ ctx, tenant, user, method: "password", previousSessionToken, ip });
}
