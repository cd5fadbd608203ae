import { AppError } from "@org/service-kit";
import type { Request } from "express";
import type { AuthContext } from "../context.ts";
import type { Tenant } from "../services/tenants.ts";

/**
 * Sent by this server's own embed pages (/auth-embed, /register-embed) on their requests: the
 * origin of the tenant page that frames them. The embed knows it from its `?origin=`, which the
 * browser enforced (`frame-ancestors <origin>`): no other page can render the embed, and no
 * other page can send a request with this server's Origin.
 */
export const EMBED_ORIGIN_HEADER = "X-AuthKit-Embed-Origin";

/** The page a browser request comes from, as far as the server can prove it. */
export interface PageOrigin {
  origin: string;
  /** Proved by the embed's parent binding (a request of this server's own embed page). */
  embedParent: boolean;
}

/**
 * The tenant page behind a browser request: its `Origin`; for a request of this server's own pages,
 * the embed's parent when it names one (else this server's origin itself: the dashboard, the demo).
 * Undefined for a request without `Origin` (not from a page: a server, a test).
 */
export function pageOriginOf(ctx: AuthContext, req: Request): PageOrigin | undefined {
  const origin = req.get("origin");
  if (origin === undefined) return undefined;
  const own = new URL(ctx.env.PUBLIC_URL).origin;
  const parent = origin === own ? req.get(EMBED_ORIGIN_HEADER) : undefined;
  return parent !== undefined ? { origin: parent, embedParent: true } : { origin, embedParent: false };
}

/**
 * A session or user token counts only on a page of its own tenant: the admin tenant's public
 * sign-in token, or another tenant's, framed by a stranger's page (through this server's embed,
 * whose WebAuthn origin every tenant accepts) is refused before any ceremony starts. The answer
 * names the origin, so a site's developer knows what to add.
 */
export function assertTenantPage(tenant: Tenant, page: PageOrigin | undefined): void {
  if (!page || tenant.origins.includes(page.origin)) return;
  throw new AppError(
    "configuration_error",
    `${page.origin} is not an allowed origin of the tenant "${tenant.name}": add it (cli tenant update <id> --add-origin ${page.origin}, or the dashboard's Edit tenant).`,
  );
}
