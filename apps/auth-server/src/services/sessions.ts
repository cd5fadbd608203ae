import { Prisma, SQL_NOW, sqlTimestamp } from "@org/db";
import { generateSecret, hashSecret, secretMatches } from "@org/service-kit";
import { v7 as uuidv7 } from "uuid";
import type { AuthContext } from "../context.ts";

export interface NewSession {
  /** The cookie value; the table only ever holds its hash. */
  token: string;
  expiresAt: Date;
  /**
   * The statements that store it and revoke the session it replaces, as data-modifying parts of
   * one larger statement (see logins.ts), each taking effect only if `condition` (SQL) holds.
   */
  writes(condition: Prisma.Sql): Prisma.Sql[];
}

/**
 * Browser sessions behind the same-origin cookie. The cookie holds a random secret; the table holds
 * its hash, so a session can be revoked server-side (logout, user disabled). Every login rotates
 * the session: the cookie the browser presented, if any, is revoked.
 */
export function newSession({
  ctx,
  tenantId,
  userId,
  previousToken,
}: {
  ctx: AuthContext;
  tenantId: string;
  userId: string;
  /** The cookie the browser presented, if any. */
  previousToken?: string | undefined;
}): NewSession {
  const token = generateSecret("sess");
  const now = ctx.now();
  const expiresAt = new Date(now + ctx.env.SESSION_TTL_SECONDS * 1000);
  return {
    token,
    expiresAt,
    writes: (condition) => [
      ...(previousToken
        ? [
            Prisma.sql`UPDATE auth_sessions SET revoked_at = ${sqlTimestamp(now)}
              WHERE token_hash = ${hashSecret(previousToken)} AND revoked_at IS NULL AND ${condition}`,
          ]
        : []),
      Prisma.sql`INSERT INTO auth_sessions (id, tenant_id, user_id, token_hash, created_at, expires_at)
        SELECT ${uuidv7()}::uuid, ${tenantId}::uuid, ${userId}::uuid, ${hashSecret(token)}, ${SQL_NOW},
          ${sqlTimestamp(expiresAt.getTime())} WHERE ${condition}`,
    ],
  };
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
