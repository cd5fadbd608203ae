// Safe retries: a write sent with an idempotency key (HTTP `Idempotency-Key`, MCP
// `idempotency_key`) acts once. Its first answer is kept 24 hours per user in PostgreSQL, and the
// same key again answers it again — on every instance — instead of acting twice. The key's row is
// inserted before the write runs, so a concurrent duplicate finds it and waits for the first
// answer instead of acting too. A write that fails (any error) did nothing: its key is released
// and a retry runs it again. So is a claim_next_card that found nothing to claim.
import { createHash } from "node:crypto";
import { EmptyResult, type BoardOperation } from "@org/contracts";
import { Prisma, SQL_NOW, type Db } from "@org/db";
import { ConflictError, ValidationError } from "@org/service-kit";
import type { Actor } from "../services/context.ts";

/** The request header of a write's idempotency key over HTTP. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** How long a key's first answer is kept. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** A key whose first request never finished (its process died) may be taken again after this. */
const ABANDONED_AFTER_SECONDS = 120;
/** How long a duplicate waits for the first request's answer before answering `conflict`. */
const WAIT_FOR_FIRST_MS = 30_000;

const KEY = /^[\x21-\x7e]{1,255}$/;

/** The first answer, given again: HTTP sends it with `Idempotent-Replayed: true`. */
export class Replayed {
  constructor(
    readonly status: number,
    /** The JSON body (null: an empty answer, 204). */
    readonly body: unknown,
  ) {}
}

/** A key as a client sent it, checked: 1 to 255 visible ASCII characters. */
export function checkIdempotencyKey(key: unknown, field: string): string {
  if (typeof key === "string" && KEY.test(key)) return key;
  throw new ValidationError("Request is invalid.", [
    { path: field, message: "An idempotency key is 1 to 255 visible ASCII characters (no spaces)." },
  ]);
}

/** JSON with object keys sorted, so that equal inputs hash alike whatever their key order. */
function canonical(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The request a key stands for: its operation and parsed path ids, query and body. */
function fingerprintOf(op: BoardOperation, input: unknown): string {
  return createHash("sha256").update(canonical(input)).update(op.name).digest("hex");
}

interface KeyRow {
  operation: string;
  fingerprint: string;
  status: number | null;
  response: unknown;
}

const reused = (field: string) =>
  new ValidationError("idempotency_key reused", [
    {
      path: field,
      message:
        "idempotency_key reused: this key already stands for a different request (another operation, path or body); use a new key.",
    },
  ]);

/** Takes the key for this request: true when this request is the first (or the key expired). */
async function take(db: Db, userId: string, key: string, operation: string, fingerprint: string) {
  const rows = await db.$queryRaw<Array<{ taken: boolean }>>`
    INSERT INTO idempotency_keys (user_id, key, operation, fingerprint, created_at)
    VALUES (${userId}::uuid, ${key}, ${operation}, ${fingerprint}, ${SQL_NOW})
    ON CONFLICT (user_id, key) DO UPDATE
      SET operation = EXCLUDED.operation, fingerprint = EXCLUDED.fingerprint,
          status = NULL, response = NULL, created_at = EXCLUDED.created_at
      WHERE idempotency_keys.created_at < ${SQL_NOW} - ${Prisma.raw(`interval '${IDEMPOTENCY_TTL_HOURS} hours'`)}
         OR (idempotency_keys.status IS NULL
             AND idempotency_keys.created_at < ${SQL_NOW} - ${Prisma.raw(`interval '${ABANDONED_AFTER_SECONDS} seconds'`)})
    RETURNING true AS taken`;
  return rows.length > 0;
}

async function read(db: Db, userId: string, key: string): Promise<KeyRow | undefined> {
  const [row] = await db.$queryRaw<KeyRow[]>`
    SELECT operation, fingerprint, status, response FROM idempotency_keys
    WHERE user_id = ${userId}::uuid AND key = ${key}`;
  return row;
}

const release = (db: Db, userId: string, key: string) =>
  db.$executeRaw`DELETE FROM idempotency_keys WHERE user_id = ${userId}::uuid AND key = ${key} AND status IS NULL`;

/**
 * Runs `run` once per (user, key): the first call runs it and keeps its answer; a later call with
 * the same request gets that answer as `Replayed`; with a different request, validation_failed.
 * An OAuth grant's keys are its own (a grant limited to some projects, or to reading, must never be
 * answered what another of the person's credentials was answered).
 */
export async function runOnce(
  db: Db,
  {
    actor,
    key: sentKey,
    field,
    op,
    input,
  }: { actor: Actor; key: string; field: string; op: BoardOperation; input: unknown },
  run: () => Promise<unknown>,
): Promise<unknown> {
  const userId = actor.id;
  const key = actor.oauth ? `oauth:${actor.oauth.grantId}:${sentKey}` : sentKey;
  const fingerprint = fingerprintOf(op, input);
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
    if (await take(db, userId, key, op.name, fingerprint)) break;
    const row = await read(db, userId, key);
    if (!row) continue; // the first failed and released the key meanwhile: take it
    if (row.operation !== op.name || row.fingerprint !== fingerprint) throw reused(field);
    if (row.status !== null) return new Replayed(row.status, row.response);
    if (Date.now() > deadline) {
      throw new ConflictError(
        "A request with this idempotency key is still running: retry with the same key to get its answer.",
      );
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  let result: unknown;
  try {
    result = await run();
  } catch (error) {
    await release(db, userId, key).catch(() => undefined);
    throw error;
  }
  if (result instanceof EmptyResult) {
    await release(db, userId, key);
    return result;
  }
  const body = result === undefined || op.status === 204 ? null : JSON.parse(JSON.stringify(result));
  await db.$executeRaw`
    UPDATE idempotency_keys SET status = ${op.status}, response = ${JSON.stringify(body)}::jsonb
    WHERE user_id = ${userId}::uuid AND key = ${key}`;
  return result;
}

/** Forgets keys older than 24 hours (the sweeper). */
export async function sweepIdempotencyKeys(db: Db): Promise<number> {
  return db.$executeRaw`
    DELETE FROM idempotency_keys
    WHERE created_at < ${SQL_NOW} - ${Prisma.raw(`interval '${IDEMPOTENCY_TTL_HOURS} hours'`)}`;
}
