import type { AuthContext } from "../context.ts";
import { isTenantOrigin } from "./tenants.ts";

/**
 * The origin an embed page may be framed by: `origin` itself when it is exactly (scheme, host,
 * port; nothing else) an allowed origin of an enabled tenant, else undefined.
 */
export async function embedAncestor({
  ctx,
  origin,
}: {
  ctx: AuthContext;
  origin: string;
}): Promise<string | undefined> {
  let normalised: string;
  try {
    normalised = new URL(origin).origin;
  } catch {
    return undefined;
  }
  if (normalised !== origin || !/^https?:\/\//.test(origin)) return undefined;
  return (await isTenantOrigin({ db: ctx.db, origin })) ? origin : undefined;
}
