// Handles: what `@handle` mentions name. Derived at sign-up (and by `cli user create`), unique,
// changeable later with update_me.
import { randomInt } from "node:crypto";
import { HANDLE_PATTERN } from "@org/contracts";
import { Prisma, type Db } from "@org/db";
import type { Tx } from "./context.ts";

/** Sign-ups in progress, which hold their handles; an expired one holds nothing. */
export const liveSignups = (now = new Date()) => ({ expiresAt: { gt: now } });

/**
 * The stem if free, else stem-2, stem-3, … (taken by a user, or held by a sign-up in progress);
 * `skip` passes over that many free ones (spreads concurrent sign-ups of one stem).
 */
export async function freeHandle(db: Db | Tx, stem: string, skip = 0): Promise<string> {
  const taken = new Set(
    [
      ...(await db.user.findMany({ where: { handle: { startsWith: stem } }, select: { handle: true } })),
      ...(await db.webSignup.findMany({
        where: { handle: { startsWith: stem }, ...liveSignups() },
        select: { handle: true },
      })),
    ].map((row) => row.handle),
  );
  let toSkip = skip;
  for (let n = 1; ; n += 1) {
    const handle = n === 1 ? stem : `${stem}-${n}`;
    if (taken.has(handle) || !HANDLE_PATTERN.test(handle)) continue;
    if (toSkip === 0) return handle;
    toSkip -= 1;
  }
}

/** A unique violation on `handle` (the driver adapter names the fields in the meta or the message). */
const handleTaken = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError &&
  error.code === "P2002" &&
  (/"handle"/.test(JSON.stringify(error.meta ?? {})) || error.message.includes("(`handle`)"));

const ATTEMPTS = 10;

/**
 * Runs `create` with a free handle from `stem`. When someone took that handle in between (a
 * concurrent sign-up of the same first name), tries again with one of the next free handles,
 * picked at random from a range that doubles each time, so that many racers soon all find one.
 */
export async function withFreeHandle<T>(
  db: Db | Tx,
  stem: string,
  create: (handle: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await create(await freeHandle(db, stem, attempt === 0 ? 0 : randomInt(2 ** attempt)));
    } catch (error) {
      if (!handleTaken(error) || attempt >= ATTEMPTS - 1) throw error;
    }
  }
}
