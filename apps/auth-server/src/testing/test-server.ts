import type { QrStartResponse, RegistrationAttachment } from "@org/contracts";
import { createTestDatabase, type TestDatabase } from "@org/db/testing";
import { localhostUrl } from "@org/service-kit";
import { loadAuthEnv } from "../env.ts";
import { startAuthServer } from "../service.ts";
import { createTenant } from "../services/tenants.ts";

export interface RunningAuthServer {
  /** `http://localhost:<port>`, also the server's PUBLIC_URL (its own WebAuthn origin). */
  url: string;
  database: TestDatabase;
  /**
   * A tenant with rp_id `localhost` whose pages run on `origins`; returns its API key.
   * `registrationAttachment` defaults to the server's default, `auto`; `passwordLogin` to off.
   */
  tenant(
    origins: string[],
    name?: string,
    options?: { registrationAttachment?: RegistrationAttachment; passwordLogin?: boolean },
  ): Promise<{ id: string; apiKey: string }>;
  sessionToken(apiKey: string): Promise<string>;
  userToken(apiKey: string, externalId: string, displayName?: string): Promise<string>;
  /** The tenant backend's call after a login. */
  verifyAuth(apiKey: string, challengeId: string): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Moves the server's clock forward (tokens, challenges and QR codes expire by it). */
  advance(ms: number): void;
  /**
   * `POST /auth/v1/qr/start` as a tenant page at `origin` would (tests that drive the phone side
   * alone); `headers` add to the request's (an `X-Forwarded-For` when the server trusts loopback).
   */
  startQr(
    token: string,
    origin: string,
    body?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<QrStartResponse>;
  close(): Promise<void>;
}

/**
 * The auth server over real HTTP on a port of its own (port 0), as server.ts starts it (socket.io
 * for the QR namespace; no webhook worker or sweeper), on a fresh database (or `database`, shared
 * with another instance), with PUBLIC_URL set to where it listens, as the browser tests need. With
 * `REDIS_URL` in `env` it keeps its state in Redis and fans socket.io events out through it.
 */
export async function startTestAuthServer(
  env: Record<string, string> = {},
  { database: shared }: { database?: TestDatabase } = {},
): Promise<RunningAuthServer> {
  const database = shared ?? (await createTestDatabase());
  let offset = 0;
  const server = await startAuthServer({
    env: (listening) =>
      loadAuthEnv({
        DATABASE_URL: database.url,
        PUBLIC_URL: localhostUrl(listening),
        NODE_ENV: "test",
        ...env,
      }),
    db: database.db,
    now: () => Date.now() + offset,
    background: false,
  });
  const url = server.env.PUBLIC_URL;

  const post = async (path: string, apiKey: string, body: unknown = {}) => {
    const response = await fetch(`${url}${path}`, {
      method: "POST",
      headers: { "X-API-KEY": apiKey, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const ok = async (path: string, apiKey: string, body: unknown = {}) => {
    const result = await post(path, apiKey, body);
    if (result.status !== 200) throw new Error(`${path}: ${result.status} ${JSON.stringify(result.body)}`);
    return result.body;
  };
  let tenants = 0;
  return {
    url,
    database,
    async tenant(origins, name = `Tenant ${++tenants}`, { registrationAttachment, passwordLogin } = {}) {
      const { tenant, apiKey } = await createTenant({
        db: database.db,
        name,
        rpId: "localhost",
        origins,
        registrationAttachment,
        passwordLogin,
      });
      return { id: tenant.id, apiKey };
    },
    sessionToken: async (apiKey) => (await ok("/api/v1/session-token", apiKey)).token as string,
    userToken: async (apiKey, externalId, displayName) =>
      (await ok("/api/v1/user-token", apiKey, { externalId, ...(displayName ? { displayName } : {}) }))
        .userToken as string,
    verifyAuth: (apiKey, challengeId) => post("/api/v1/verify-auth", apiKey, { challengeId }),
    advance: (ms) => void (offset += ms),
    async startQr(token, origin, body = {}, headers = {}) {
      const response = await fetch(`${url}/auth/v1/qr/start`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${token}`,
          Origin: origin,
          "Content-Type": "application/json",
          ...headers,
        },
        body: JSON.stringify(body),
      });
      if (response.status !== 200) throw new Error(`qr/start: ${response.status} ${await response.text()}`);
      return (await response.json()) as QrStartResponse;
    },
    async close() {
      await server.close();
      if (!shared) await database.drop();
    },
  };
}
