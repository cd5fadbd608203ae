import type { AuthContext } from "../context.ts";
import { serverAdminTenant } from "./admin-tenant.ts";
import { audit } from "./audit.ts";

const MINUTE = 60_000;

export interface Refusal {
  /** The client, grouped as the rate limits group it (an IPv6 /64 is one client). */
  clientKey: string;
  ip?: string | undefined;
  status: 401 | 403;
  code: string;
  method: string;
  path: string;
  /** The administrator whose session was refused (a 403 inside a session). */
  adminId?: string | undefined;
}

/**
 * Audits refused dashboard API requests (401, 403) without letting a flood fill the audit log:
 * per client and minute, the 1st, 10th, 100th … refusal is written (each with the count so far),
 * and at most `maxRowsPerMinute` rows per minute in all (per process). A scanner's thousand
 * requests a minute leave four rows; a forgotten tab's one refusal leaves one.
 */
export class RefusalAudit {
  #window = 0;
  #counts = new Map<string, number>();
  #rows = 0;

  constructor(
    private readonly ctx: AuthContext,
    private readonly maxRowsPerMinute = 60,
  ) {}

  async record(refusal: Refusal): Promise<void> {
    const window = Math.floor(this.ctx.now() / MINUTE);
    if (window !== this.#window) {
      this.#window = window;
      this.#counts.clear();
      this.#rows = 0;
    }
    const key = `${refusal.clientKey}|${refusal.status}`;
    const count = (this.#counts.get(key) ?? 0) + 1;
    this.#counts.set(key, count);
    const milestone = /^10*$/.test(String(count)); // 1, 10, 100, …
    if (!milestone || this.#rows >= this.maxRowsPerMinute) return;
    this.#rows += 1;
    const tenant = await serverAdminTenant(this.ctx);
    await audit(this.ctx, {
      type: "admin_request_refused",
      tenantId: tenant.id,
      adminId: refusal.adminId,
      ip: refusal.ip,
      detail: {
        status: refusal.status,
        code: refusal.code,
        method: refusal.method,
        path: refusal.path.slice(0, 200),
        countThisMinute: count,
      },
    });
  }
}
