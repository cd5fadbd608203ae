import type { PasskeyInfo } from "@org/contracts";
import { NotFoundError } from "@org/service-kit";
import type { AuthContext } from "../context.ts";
import { audit } from "./audit.ts";

export async function listPasskeys({
  ctx,
  userId,
}: {
  ctx: AuthContext;
  userId: string;
}): Promise<PasskeyInfo[]> {
  const rows = await ctx.db.authCredential.findMany({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    ...(row.lastUsedAt ? { last_used: row.lastUsedAt.toISOString() } : {}),
  }));
}

/** Deletes one of the user's own passkeys; anybody else's is not_found. */
export async function deletePasskey({
  ctx,
  tenantId,
  userId,
  passkeyId,
  ip,
}: {
  ctx: AuthContext;
  tenantId: string;
  userId: string;
  passkeyId: string;
  ip?: string | undefined;
}): Promise<void> {
  const deleted = /^[0-9a-f-]{36}$/i.test(passkeyId)
    ? await ctx.db.authCredential.deleteMany({ where: { id: passkeyId, userId } })
    : { count: 0 };
  if (deleted.count === 0) throw new NotFoundError("No such passkey.");
  await audit(ctx, { type: "passkey_deleted", tenantId, userId, ip, detail: { passkeyId } });
}
