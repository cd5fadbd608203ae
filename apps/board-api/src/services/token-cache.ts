// API token lookups, cached for a second: every request starts with one, and most come in runs
// from the same token. A revoked token must still stop working at once, so revocation goes
// through `invalidateTokens`, which drops the tokens here and, by a PostgreSQL notification,
// in every other process on the database (other instances, and this one when the CLI revokes).
// The cache only answers while that notification channel is listening; on the embedded
// database it never does, and every request reads the token row.
import { notify, subscribe, type Db, type Subscription } from "@org/db";
import type { Actor } from "./context.ts";

/** Exported for tests that wait for an invalidation to arrive. */
export const TOKENS_INVALIDATED_CHANNEL = "board_api_tokens_invalidated";
/** Bounds staleness should a notification ever be missed while listening. */
const TTL_MS = 1000;
const MAX_ENTRIES = 10_000;
/** NOTIFY payloads are limited to 8,000 bytes: 100 hashes of 64 characters per notification. */
const HASHES_PER_NOTIFICATION = 100;

class TokenCache {
  private readonly entries = new Map<string, { actor: Actor; expiresAt: number }>();
  private readonly subscription: Subscription;
  /** Bumped by every invalidation, so a lookup that raced one does not store what it read. */
  generation = 0;

  constructor(db: Db) {
    this.subscription = subscribe(db, TOKENS_INVALIDATED_CHANNEL, {
      message: (payload) => this.forget(payload.split(",")),
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

  /** Stores the result of a lookup that started at `generation`, unless tokens were invalidated since. */
  set(tokenHash: string, actor: Actor, generation: number): void {
    if (!this.subscription.listening || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(tokenHash, { actor, expiresAt: Date.now() + TTL_MS });
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
 * (`tokenHashes` are their SHA-256, as stored): they are refused at once by this instance and,
 * as soon as the notification arrives, by every other process on the database.
 */
export async function invalidateTokens({ db, tokenHashes }: { db: Db; tokenHashes: string[] }) {
  caches.get(db)?.forget(tokenHashes);
  for (let i = 0; i < tokenHashes.length; i += HASHES_PER_NOTIFICATION) {
    await notify(db, TOKENS_INVALIDATED_CHANNEL, tokenHashes.slice(i, i + HASHES_PER_NOTIFICATION).join(","));
  }
}
