// The web app's sign-up and sign-in over HTTP against a real auth server (its app on a port of its
// own, its own database), with the auth server's software authenticator playing the browser.
import { SoftwareAuthenticator, startTestAuthServer } from "@org/auth-server/testing";
import type { AuthenticateStartResponse, RegisterStartResponse } from "@org/contracts";
import type { TestDatabase } from "@org/db/testing";
import request from "supertest";
import { createTestApp, type TestApp } from "@org/board-api/testing";

/** The board's origin in these tests (PUBLIC_URL): what the passkeys' client data carries. */
export const BOARD_ORIGIN = "http://localhost:4000";

export interface AuthServer {
  url: string;
  database: TestDatabase;
  /** A tenant with rp_id localhost whose pages run on `origins` (registration attachment `any`). */
  tenant(origins: string[]): Promise<string>;
  close(): Promise<void>;
}

/** The auth server as server.ts starts it, on a database of its own. */
export async function startAuthServer(): Promise<AuthServer> {
  const auth = await startTestAuthServer();
  return {
    url: auth.url,
    database: auth.database,
    // As the board's bootstrap tenant: passkeys on whatever device the person has.
    tenant: async (origins) =>
      (await auth.tenant(origins, undefined, { registrationAttachment: "any" })).apiKey,
    close: () => auth.close(),
  };
}

/** The board app on its own database, as the tenant `apiKey` of `auth`. */
export function createWebTestApp(auth: AuthServer, apiKey: string, env: Record<string, string> = {}) {
  return createTestApp({
    AUTH_SERVER_URL: auth.url,
    AUTH_API_KEY: apiKey,
    PUBLIC_URL: BOARD_ORIGIN,
    // Every test signs up several browsers from the same IP.
    RATE_LIMIT_SIGN_IN_PER_MINUTE: "1000",
    ...env,
  });
}

async function authCall<T>(auth: AuthServer, path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(`${auth.url}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** What the SDK does with a registration token: register/start, the authenticator, register/finish. */
export async function registerPasskey(
  auth: AuthServer,
  userToken: string,
  authenticator: SoftwareAuthenticator,
) {
  const { challengeId, options } = await authCall<RegisterStartResponse>(
    auth,
    "/auth/v1/register/start",
    userToken,
    {},
  );
  const credential = authenticator.register(options);
  return authCall(auth, "/auth/v1/register/finish", userToken, { challengeId, credential });
}

/** What the sign-in iframe does with a session token; returns the challengeId of the login. */
export async function passkeyLogin(
  auth: AuthServer,
  sessionToken: string,
  authenticator: SoftwareAuthenticator,
) {
  const { challengeId, options } = await authCall<AuthenticateStartResponse>(
    auth,
    "/auth/v1/authenticate/start",
    sessionToken,
    {},
  );
  const credential = authenticator.authenticate(options);
  await authCall(auth, "/auth/v1/authenticate/finish", sessionToken, { challengeId, credential });
  return challengeId;
}

export type WebClient = Awaited<ReturnType<typeof signUp>>;

/**
 * A browser that signed up through the web app: its cookie jar (supertest agent), its passkey,
 * the user and the session's CSRF token, and /api/v1 calls that send it on changes.
 */
export async function signUp(t: TestApp, auth: AuthServer, { email, name }: { email: string; name: string }) {
  const agent = request.agent(t.app);
  const authenticator = new SoftwareAuthenticator({ origin: BOARD_ORIGIN });
  await agent.post("/app/auth/signup").send({ email, name }).expect(201);
  const { body: token } = await agent.get("/app/auth/signup/token").expect(200);
  await registerPasskey(auth, (token as { userToken: string }).userToken, authenticator);
  const completed = await agent.post("/app/auth/signup/complete").expect(201);
  const session = completed.body as { user: { id: string; handle: string }; csrf_token: string };
  const csrf = { "X-CSRF-Token": session.csrf_token };
  return {
    agent,
    authenticator,
    user: session.user,
    csrf: session.csrf_token,
    completed,
    api: {
      get: (path: string) => agent.get(`/api/v1${path}`),
      post: (path: string, body?: object) => agent.post(`/api/v1${path}`).set(csrf).send(body),
      patch: (path: string, body?: object) => agent.patch(`/api/v1${path}`).set(csrf).send(body),
      delete: (path: string) => agent.delete(`/api/v1${path}`).set(csrf),
    },
  };
}

/** Signs the agent in again with its passkey; returns the sign-in response and the challengeId used. */
export async function signIn(
  agent: ReturnType<typeof request.agent>,
  auth: AuthServer,
  authenticator: SoftwareAuthenticator,
) {
  const { body } = await agent.get("/app/auth/signin/token").expect(200);
  const challengeId = await passkeyLogin(auth, (body as { token: string }).token, authenticator);
  const res = await agent.post("/app/auth/signin").send({ challengeId });
  return Object.assign(res, { challengeId });
}
