// API token lookups, cached for a second: every request starts with one, and most come in runs
// from the same token. A revoked token must still stop working at once, on every instance:
// `invalidateTokens` drops the tokens here and announces it (access-ended.ts), so every other
// process on the database drops them when the notification arrives (milliseconds); and it returns
// only once no instance can still answer from an entry read before the revocation (entries live a
// second from when their lookup started), so that a revocation holds everywhere by the time it is
// answered, even should a notification be late or lost. The cache only answers while those
// notifications are heard; on the embedded database (one process) it never caches.
import { notificationsEnabled, type Db, type Subscription } from "@org/db";
import { announceAccessEnded, onAccessEnded } from "./access-ended.ts";
import type { Actor } from "./context.ts";

/** How long an entry is trusted, counted from when its lookup started. */
export const TOKEN_CACHE_TTL_MS = 1000;
const MAX_ENTRIES = 10_000;

/** What a lookup must hand back to store its result. */
export interface LookupTicket {
  generation: number;
  startedAt: number;
}

class TokenCache {
  private readonly entries = new Map<string, { actor: Actor; expiresAt: number }>();
  private readonly subscription: Subscription;
  /** Bumped by every invalidation, so a lookup that raced one does not store what it read. */
  private generation = 0;

  constructor(db: Db) {
    this.subscription = onAccessEnded(db, {
      ended: (what) => {
        if (what.kind === "tokens") this.forget(what.tokenHashes);
      },
      reset: () => this.forget(),
    });
  }

  get(tokenHash: string): Actor | undefined {
    if (!this.subscription.listening) return undefined;
    const entry = this.entries.get(tokenHash);
    if (entry && entry.expiresAt > Date.now()) return entry.actor;
    if (entry) this.entries.delete(tokenHash);
    return undefined;
  }

  /** Taken before a lookup reads the database. */
  begin(): LookupTicket {
    return { generation: this.generation, startedAt: Date.now() };
  }

  /** Stores the result of the lookup of `ticket`, unless tokens were invalidated since it started. */
  set(tokenHash: string, actor: Actor, ticket: LookupTicket): void {
    if (!this.subscription.listening || ticket.generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(tokenHash, { actor, expiresAt: ticket.startedAt + TOKEN_CACHE_TTL_MS });
  }

  /** Drops the given tokens, or everything. */
  forget(tokenHashes?: string[]): void {
    this.generation += 1;
    if (!tokenHashes) this.entries.clear();
    else for (const hash of tokenHashes) this.entries.delete(hash);
  }
}

const caches = new WeakMap<Db, TokenCache>();

/** The token cache of this database client (one per service instance). */
export function tokenCacheFor(db: Db): TokenCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TokenCache(db);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The one way to make API tokens stop working, called after their rows were revoked or deleted
 * (`tokenHashes` are their SHA-256, as stored). This instance refuses them at once and every
 * other one as soon as the notification arrives; it resolves once every instance refuses them
 * whatever happened to the notification (at most TOKEN_CACHE_TTL_MS later). Sockets that
 * authenticated with them are disconnected (realtime).
 */
export async function invalidateTokens({ db, tokenHashes }: { db: Db; tokenHashes: string[] }) {
  const revokedAt = Date.now();
  await announceAccessEnded(db, { kind: "tokens", tokenHashes });
  // Another instance may hold an entry whose lookup started before the revocation committed: it
  // expires within TOKEN_CACHE_TTL_MS of that. Only processes that hear notifications cache.
  if (notificationsEnabled(db)) {
    const wait = revokedAt + TOKEN_CACHE_TTL_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
