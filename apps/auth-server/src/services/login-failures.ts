// A refused sign-in: the audit row and the tenant's login.failed event, in one transaction.
import { type AuthContext } from "../context.ts";
import { auditInsert } from "./audit.ts";
import { eventUser, tenantEventStatement } from "./tenant-webhooks.ts";

export async function recordLoginFailure(
  ctx: Pick<AuthContext, "db">,
  {
    tenantId,
    user,
    ip,
    detail,
  }: {
    tenantId: string;
    user: { id: string; externalId: string } | null | undefined;
    ip?: string | undefined;
    detail: { method: "passkey" | "password"; reason: string; passkeyId?: string };
  },
): Promise<void> {
  const { method, reason, passkeyId } = detail;
  await ctx.db.$transaction([
    ctx.db.$executeRaw(auditInsert({ type: "login_failure", tenantId, userId: user?.id, ip, detail })),
    ctx.db.$queryRaw(
      tenantEventStatement(tenantId, "login.failed", {
        user: user ? eventUser(user) : null,
        ...(passkeyId ? { passkey: { id: passkeyId } } : {}),
        method,
        reason,
      }),
    ),
  ]);
}
