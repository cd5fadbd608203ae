// Fixtures and the browser side of the flows, driven through HTTP with the software authenticator.
import type { RegistrationAttachment } from "@org/contracts";
import type { Express } from "express";
import request from "supertest";
import { createTenant } from "../../src/services/tenants.ts";
import {
  SoftwareAuthenticator,
  type ClientOverrides,
  type RegistrationOverrides,
} from "../../src/testing/index.ts";
import type { TestApp } from "./app.ts";

export const RP_ID = "example.test";
export const ORIGIN = "https://app.example.test";

let tenantCount = 0;
export async function makeTenant(
  t: TestApp,
  overrides: {
    name?: string;
    rpId?: string;
    origins?: string[];
    registrationAttachment?: RegistrationAttachment;
    selfSignup?: boolean;
    /** On by default here (off for real new tenants): many fixtures' users sign in with a password. */
    passwordLogin?: boolean;
  } = {},
) {
  tenantCount += 1;
  return createTenant({
    db: t.database.db,
    name: overrides.name ?? `Tenant ${tenantCount}`,
    rpId: overrides.rpId ?? RP_ID,
    origins: overrides.origins ?? [ORIGIN],
    registrationAttachment: overrides.registrationAttachment,
    selfSignup: overrides.selfSignup,
    passwordLogin: overrides.passwordLogin ?? true,
  });
}

export const makeAuthenticator = (
  options: Partial<ConstructorParameters<typeof SoftwareAuthenticator>[0]> = {},
) => new SoftwareAuthenticator({ origin: ORIGIN, ...options });

export async function userToken(
  app: Express,
  apiKey: string,
  body: Record<string, unknown>,
): Promise<string> {
  const res = await request(app).post("/api/v1/user-token").set("X-API-KEY", apiKey).send(body);
  if (res.status !== 200) throw new Error(`user-token: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { userToken: string }).userToken;
}

export async function sessionToken(app: Express, apiKey: string): Promise<string> {
  const res = await request(app).post("/api/v1/session-token").set("X-API-KEY", apiKey);
  if (res.status !== 200) throw new Error(`session-token: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { token: string }).token;
}

export async function registerStart(app: Express, token: string, body: Record<string, unknown> = {}) {
  return request(app).post("/auth/v1/register/start").set("Authorization", `Bearer ${token}`).send(body);
}

/** register/start, the authenticator's create(), register/finish. Returns the finish response. */
export async function registerPasskey(
  app: Express,
  token: string,
  authenticator: SoftwareAuthenticator,
  {
    start = {},
    finish = {},
    overrides = {},
  }: {
    start?: Record<string, unknown>;
    finish?: Record<string, unknown>;
    overrides?: RegistrationOverrides;
  } = {},
) {
  const started = await registerStart(app, token, start);
  if (started.status !== 200)
    throw new Error(`register/start: ${started.status} ${JSON.stringify(started.body)}`);
  const { challengeId, options } = started.body as { challengeId: string; options: never };
  const credential = authenticator.register(options, overrides);
  return request(app)
    .post("/auth/v1/register/finish")
    .set("Authorization", `Bearer ${token}`)
    .send({ challengeId, credential, ...finish });
}

/**
 * A step-up with a user token (POST /auth/v1/step-up/start|finish from the tenant's page): a passkey
 * of its user, asserted now, lets that token add or delete passkeys for 5 minutes.
 */
export async function stepUpToken(app: Express, token: string, authenticator: SoftwareAuthenticator) {
  const bearer = (req: request.Test) => req.set("Origin", ORIGIN).set("Authorization", `Bearer ${token}`);
  const started = await bearer(request(app).post("/auth/v1/step-up/start")).send({});
  if (started.status !== 200)
    throw new Error(`step-up/start: ${started.status} ${JSON.stringify(started.body)}`);
  return bearer(request(app).post("/auth/v1/step-up/finish")).send({
    challengeId: started.body.challengeId,
    credential: authenticator.authenticate(started.body.options),
  });
}

export async function authenticateStart(app: Express, token: string) {
  const res = await request(app)
    .post("/auth/v1/authenticate/start")
    .set("Authorization", `Bearer ${token}`)
    .send({});
  if (res.status !== 200) throw new Error(`authenticate/start: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { challengeId: string; options: { challenge: string; rpId?: string } };
}

export function authenticateFinish(app: Express, token: string, body: Record<string, unknown>) {
  return request(app).post("/auth/v1/authenticate/finish").set("Authorization", `Bearer ${token}`).send(body);
}

/** authenticate/start, the authenticator's get(), authenticate/finish. */
export async function login(
  app: Express,
  token: string,
  authenticator: SoftwareAuthenticator,
  overrides: ClientOverrides & { credentialId?: string; counter?: number } = {},
  extra: Record<string, unknown> = {},
) {
  const { challengeId, options } = await authenticateStart(app, token);
  const credential = authenticator.authenticate(options, overrides);
  const res = await authenticateFinish(app, token, { challengeId, credential, ...extra });
  return Object.assign(res, { challengeId });
}

/** A tenant with one user holding one passkey, and a session token: the usual starting point. */
export async function tenantWithPasskey(t: TestApp, externalId = "user-1") {
  const { tenant, apiKey } = await makeTenant(t);
  const authenticator = makeAuthenticator();
  const token = await userToken(t.app, apiKey, { externalId, displayName: "Ada" });
  const registered = await registerPasskey(t.app, token, authenticator);
  if (registered.status !== 200)
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  return {
    tenant,
    apiKey,
    authenticator,
    userId: (registered.body as { user: { id: string } }).user.id,
    passkeyId: (registered.body as { passkeyId: string }).passkeyId,
    session: await sessionToken(t.app, apiKey),
  };
}

export const failure = (error_code: string, error: string) => ({ success: false, error_code, error });

/** A login's signed session token (a JWT; test/session-tokens.test.ts verifies them). */
export const SESSION_JWT = expect.stringMatching(/^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/);
