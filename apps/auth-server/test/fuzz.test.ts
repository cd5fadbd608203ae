// Property-based fuzzing of every endpoint in the auth server's OpenAPI document: arbitrary text and
// JSON in path parameters, query strings and bodies (shaped by the endpoint's own schema, with real
// challenge ids and genuine WebAuthn responses mixed in), with the credentials it takes or others.
// Never a 5xx, every error in the AuthResponse failure envelope with the status of its code, and a
// refused request changes no row (the audit log aside: recording failures is its purpose).
// FUZZ_SEED and FUZZ_RUNS replay or widen a run.
import { authErrorStatus, AuthFailureSchema, authOpenApiDocument } from "@org/contracts";
import { databaseSnapshot } from "@org/db/testing";
import {
  anyText,
  bodyFromSchema,
  fuzz,
  FUZZ_RUNS,
  percentEncode,
  queryString,
  queryValues,
} from "@org/service-kit/testing";
import fc from "fast-check";
import request from "supertest";
import { adminTenant } from "../src/services/admin-tenant.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import {
  authenticateStart,
  login,
  makeAuthenticator,
  registerStart,
  tenantWithPasskey,
  userToken,
} from "./helpers/flows.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_IP_PER_MINUTE: "1000000",
    RATE_LIMIT_TENANT_PER_MINUTE: "1000000",
    RATE_LIMIT_LOGIN_PER_MINUTE: "1000000",
    RATE_LIMIT_LOGIN_PER_HOUR: "1000000",
    // Most fuzzed requests carry no valid credential; the limits are tested on their own.
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: "1000000",
  });
  // As server.ts does at start: the dashboard's tenant exists before any request.
  await adminTenant({ db: t.database.db, publicUrl: "http://localhost:4100" });
});
afterAll(() => t.close());

type JsonSchema = Record<string, unknown>;
interface Endpoint {
  method: "get" | "post" | "delete";
  path: string;
  security: string[];
  params: string[];
  body: JsonSchema | undefined;
  successes: number[];
}

const doc = authOpenApiDocument() as unknown as {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, JsonSchema> };
};
const endpoints: Endpoint[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({
    method: method as Endpoint["method"],
    path,
    security: ((op.security ?? []) as Record<string, unknown>[]).flatMap((scheme) => Object.keys(scheme)),
    params: ((op.parameters ?? []) as { name: string }[]).map((parameter) => parameter.name),
    body: (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content?.[
      "application/json"
    ]?.schema,
    successes: Object.keys(op.responses as object)
      .filter((status) => /^2\d\d$/.test(status))
      .map(Number),
  })),
);
const resolve = (ref: string) => doc.components.schemas[ref.replace("#/components/schemas/", "")];

/**
 * A tenant with a user holding a passkey and a password, every credential the endpoints take, and
 * live ceremonies: a registration and a login started, with the genuine responses to finish them.
 */
async function makeWorld() {
  const fx = await tenantWithPasskey(t, "fuzz-user");
  await request(t.app)
    .post("/api/v1/users")
    .set("X-API-KEY", fx.apiKey)
    .send({ externalId: "fuzz-user", username: "fuzzer", password: "correct horse battery" })
    .expect(200);
  const cookie = String((await login(t.app, fx.session, fx.authenticator)).headers["set-cookie"]).split(
    ";",
  )[0];
  const token = await userToken(t.app, fx.apiKey, { externalId: "fuzz-user" });
  // fuzz-user has a passkey, so adding another needs a step-up: a newcomer's registration gives the
  // real challenge and options.
  const registration = await registerStart(
    t.app,
    await userToken(t.app, fx.apiKey, { externalId: "fuzz-newcomer" }),
  );
  const authentication = await authenticateStart(t.app, fx.session);
  return {
    ...fx,
    cookie: cookie as string,
    userToken: token,
    realValues: {
      challengeId: fc.constantFrom(registration.body.challengeId as string, authentication.challengeId),
      credential: fc.constantFrom(
        makeAuthenticator().register(registration.body.options) as unknown,
        fx.authenticator.authenticate(authentication.options) as unknown,
      ),
      externalId: fc.constant("fuzz-user"),
      username: fc.constant("fuzzer"),
    },
  };
}

type World = Awaited<ReturnType<typeof makeWorld>>;

function inputFor(endpoint: Endpoint, world: World) {
  const realParam: Record<string, string> = { external_id: "fuzz-user", id: world.passkeyId };
  return fc.record({
    params: fc.record(
      Object.fromEntries(
        endpoint.params.map((name) => [
          name,
          fc.oneof({ weight: 3, arbitrary: fc.constant(realParam[name] ?? "") }, anyText),
        ]),
      ),
    ),
    query: queryValues([]),
    body: endpoint.body
      ? bodyFromSchema(endpoint.body, {
          plausibleIds: [world.passkeyId],
          resolve,
          realValues: world.realValues,
        })
      : fc.constant(undefined),
    // Mostly the credential the endpoint takes; sometimes none or another kind.
    credential: fc.oneof(
      { weight: 4, arbitrary: fc.constant(endpoint.security[0] ?? "none") },
      { weight: 1, arbitrary: fc.constantFrom("none", "apiKey", "sessionToken", "userToken", "cookie") },
    ),
  });
}

type FuzzInput = ReturnType<typeof inputFor> extends fc.Arbitrary<infer T> ? T : never;

function send(endpoint: Endpoint, world: World, input: FuzzInput): request.Test {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_match, key: string) =>
    percentEncode(input.params[key] ?? ""),
  );
  const req = request(t.app)[endpoint.method](`${path}${queryString(input.query)}`);
  const credentials: Record<string, (test: request.Test) => request.Test> = {
    apiKey: (test) => test.set("X-API-KEY", world.apiKey),
    sessionToken: (test) => test.set("Authorization", `Bearer ${world.session}`),
    userToken: (test) => test.set("Authorization", `Bearer ${world.userToken}`),
    cookie: (test) => test.set("Cookie", world.cookie),
  };
  const authed = credentials[input.credential]?.(req) ?? req;
  if (input.body === undefined) return authed;
  return authed.set("Content-Type", "application/json").send(JSON.stringify(input.body));
}

/** Every table but the audit log, which records failed attempts by design. */
async function snapshot() {
  const { auth_audit_events: _audit, ...rest } = await databaseSnapshot(t.database.db);
  return rest;
}

describe("fuzzing every auth endpoint", () => {
  it.each(endpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    "%s",
    async (label, endpoint) => {
      const world = await makeWorld();
      await fuzz(
        label,
        inputFor(endpoint, world),
        async (input) => {
          const before = await snapshot();
          const res = await send(endpoint, world, input);
          if (res.status < 400) {
            expect(endpoint.successes).toContain(res.status);
            return;
          }
          expect(res.status).toBeLessThan(500);
          const envelope = AuthFailureSchema.strict().safeParse(res.body);
          expect(envelope.success).toBe(true);
          expect(authErrorStatus[res.body.error_code as keyof typeof authErrorStatus]).toBe(res.status);
          expect(await snapshot()).toEqual(before);
        },
        // The endpoints are few: twice the runs of the board's operations.
        { runs: 2 * FUZZ_RUNS },
      );
    },
  );
});
