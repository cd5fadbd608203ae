import { generateSecret, hashSecret, secretMatches } from "@org/service-kit";
import type { AuthContext } from "../context.ts";

/**
 * Browser sessions behind the same-origin cookie. The cookie holds a random secret; the table holds
 * its hash, so a session can be revoked server-side (logout, user disabled).
 */
export async function startSession({
  ctx,
  tenantId,
  userId,
  previousToken,
}: {
  ctx: AuthContext;
  tenantId: string;
  userId: string;
  /** The cookie the browser presented, if any: revoked, so every login rotates the session. */
  previousToken?: string | undefined;
}): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSecret("sess");
  const now = new Date(ctx.now());
  const expiresAt = new Date(now.getTime() + ctx.env.SESSION_TTL_SECONDS * 1000);
  await ctx.db.$transaction([
    ...(previousToken
      ? [
          ctx.db.authSession.updateMany({
            where: { tokenHash: hashSecret(previousToken), revokedAt: null },
            data: { revokedAt: now },
          }),
        ]
      : []),
    ctx.db.authSession.create({ data: { tenantId, userId, tokenHash: hashSecret(token), expiresAt } }),
  ]);
  return { token, expiresAt };
}

/** The live session of a cookie value (not revoked, not expired, user and tenant enabled), or null. */
export async function resolveSession({ ctx, token }: { ctx: AuthContext; token: string }) {
  const session = await ctx.db.authSession.findUnique({
    where: { tokenHash: hashSecret(token) },
    include: { user: true, tenant: true },
  });
  if (!session || !secretMatches(token, session.tokenHash)) return null;
  if (session.revokedAt || session.expiresAt.getTime() <= ctx.now()) return null;
  if (session.user.disabled || session.tenant.disabled) return null;
  return session;
}

export async function revokeSession({ ctx, token }: { ctx: AuthContext; token: string }): Promise<void> {
  await ctx.db.authSession.updateMany({
    where: { tokenHash: hashSecret(token), revokedAt: null },
    data: { revokedAt: new Date(ctx.now()) },
  });
}
