// Per-tenant keys that sign the session tokens of logins (ES256), and the tenant's JWKS. A key is
// made on first need; a rotation retires the current key and makes the next one. A retired key
// stays published for a day: the tokens it signed live 15 minutes at most.
import type { Jwks } from "@org/contracts";
import { Prisma } from "@org/db";
import { NotFoundError } from "@org/service-kit";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { v7 as uuidv7 } from "uuid";
import type { AuthContext } from "../context.ts";
import { audit, type Actor } from "./audit.ts";

/** The JWT and JWKS algorithm of every signing key. */
export const SIGNING_ALG = "ES256";
/** How long a retired key stays in the JWKS. */
export const RETIRED_KEY_PUBLISHED_MS = 24 * 60 * 60 * 1000;

export interface SigningKey {
  /** The tokens' `kid`. */
  id: string;
  privateJwk: JWK;
}

type Ctx = Pick<AuthContext, "db" | "now">;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function newKeyPair(): Promise<{ publicJwk: JWK; privateJwk: JWK }> {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  return { publicJwk: await exportJWK(publicKey), privateJwk: await exportJWK(privateKey) };
}

const insertKey = (tenantId: string, pair: { publicJwk: JWK; privateJwk: JWK }, now: number) => Prisma.sql`
  INSERT INTO auth_signing_keys (id, tenant_id, public_jwk, private_jwk, created_at)
  VALUES (${uuidv7()}::uuid, ${tenantId}::uuid, ${JSON.stringify(pair.publicJwk)}::jsonb,
    ${JSON.stringify(pair.privateJwk)}::jsonb, ${new Date(now)})`;

const currentKey = (ctx: Ctx, tenantId: string) =>
  ctx.db.authSigningKey.findFirst({ where: { tenantId, retiredAt: null } });

/**
 * The tenant's current signing key, made on first need. Two first logins at once make one key: the
 * partial unique index (one unretired key per tenant) turns the second INSERT into nothing.
 */
export async function currentSigningKey(ctx: Ctx, tenantId: string): Promise<SigningKey> {
  const found = await currentKey(ctx, tenantId);
  if (found) return { id: found.id, privateJwk: found.privateJwk as JWK };
  await ctx.db.$executeRaw`${insertKey(tenantId, await newKeyPair(), ctx.now())}
    ON CONFLICT (tenant_id) WHERE retired_at IS NULL DO NOTHING`;
  const made = await currentKey(ctx, tenantId);
  if (!made) throw new Error(`no signing key for tenant ${tenantId}`);
  return { id: made.id, privateJwk: made.privateJwk as JWK };
}

/**
 * Retires the tenant's current key (published for another day) and makes the next one, which signs
 * every token from now on; audited. Returns the new key's id and the old one's (none before the
 * first key was made).
 */
export async function rotateSigningKey({
  ctx,
  tenantId,
  actor = {},
}: {
  ctx: Ctx;
  tenantId: string;
  actor?: Actor;
}): Promise<{ kid: string; previousKid: string | null }> {
  const pair = await newKeyPair();
  const now = ctx.now();
  return ctx.db.$transaction(async (tx) => {
    const retired = await tx.authSigningKey.updateManyAndReturn({
      where: { tenantId, retiredAt: null },
      data: { retiredAt: new Date(now) },
      select: { id: true },
    });
    await tx.$executeRaw(insertKey(tenantId, pair, now));
    const made = await tx.authSigningKey.findFirstOrThrow({ where: { tenantId, retiredAt: null } });
    const previousKid = retired[0]?.id ?? null;
    await audit(
      { db: tx },
      {
        type: "signing_key_rotated",
        tenantId,
        adminId: actor.adminId,
        ip: actor.ip,
        detail: { kid: made.id, previous_kid: previousKid },
      },
    );
    return { kid: made.id, previousKid };
  });
}

/**
 * The tenant's JWKS: its current key (made now if it has none yet, so that a server fetching the
 * set before the first login already knows the key that login will use) and the keys retired in
 * the last day.
 */
export async function tenantJwks(ctx: Ctx, tenantId: string): Promise<Jwks> {
  // Anyone may ask: text that is no UUID is an unknown tenant, never a database error.
  const tenant = UUID.test(tenantId)
    ? await ctx.db.tenant.findUnique({ where: { id: tenantId }, select: { id: true } })
    : null;
  if (!tenant) throw new NotFoundError(`No tenant ${tenantId}.`);
  await currentSigningKey(ctx, tenantId);
  const keys = await ctx.db.authSigningKey.findMany({
    where: {
      tenantId,
      OR: [{ retiredAt: null }, { retiredAt: { gt: new Date(ctx.now() - RETIRED_KEY_PUBLISHED_MS) } }],
    },
    orderBy: { createdAt: "desc" },
  });
  return {
    // Stored as exportJWK made it from a P-256 public key: kty EC, crv P-256, x, y.
    keys: keys.map((key) => ({
      ...(key.publicJwk as Pick<Jwks["keys"][number], "kty" | "crv" | "x" | "y">),
      kid: key.id,
      alg: SIGNING_ALG,
      use: "sig" as const,
    })),
  };
}
