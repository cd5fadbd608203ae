// Issue 28, point 2, on the auth server: bodies of authenticated routes are parsed only after
// authentication (a bogus key, token or session costs no parsing), bodies are bounded while
// parsed, and an error names at most ten unknown keys.
import request from "supertest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { makeTenant, sessionToken } from "./helpers/flows.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JSON_MAX_KEYS: "200", JSON_MAX_DEPTH: "8" });
});
afterAll(() => t.close());

// Malformed JSON: parsing it would answer 400 bad_request; authentication answers 401 first.
const MALFORMED = '{"externalId": "ada", ';

const post = (path: string, headers: Record<string, string> = {}) =>
  request(t.app).post(path).set(headers).set("Content-Type", "application/json");

function wide(keys: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = { ...extra };
  for (let i = 0; i < keys; i++) body[`k${i}`] = i;
  return body;
}

describe("bodies of authenticated routes are parsed only after authentication", () => {
  it("a bogus tenant key, session token, user token, phone token or dashboard session: 401, the body never parsed", async () => {
    const refusals = [
      await post("/api/v1/user-token", { "X-API-KEY": "ak_bogus" }).send(MALFORMED),
      await post("/api/v1/users", { "X-API-KEY": "ak_bogus" }).send(MALFORMED),
      await post("/auth/v1/authenticate/start", { Authorization: "Bearer st_bogus" }).send(MALFORMED),
      await post("/auth/v1/authenticate/finish", { Authorization: "Bearer st_bogus" }).send(MALFORMED),
      await post("/auth/v1/register/start", { Authorization: "Bearer ut_bogus" }).send(MALFORMED),
      await post("/auth/v1/qr/mobile/finish", { Authorization: "Bearer qrp_bogus" }).send(MALFORMED),
      await post("/admin/api/tenants").send(MALFORMED),
    ];
    expect(refusals.map((res) => [res.status, res.body.error_code])).toEqual(
      Array(refusals.length).fill([401, "unauthenticated"]),
    );
  });

  it("the same bodies with valid credentials are parsed: malformed is bad_request, wide is payload_too_large", async () => {
    const { apiKey } = await makeTenant(t);
    const malformed = await post("/api/v1/user-token", { "X-API-KEY": apiKey }).send(MALFORMED);
    expect([malformed.status, malformed.body.error_code]).toEqual([400, "bad_request"]);
    const tooWide = await post("/api/v1/user-token", { "X-API-KEY": apiKey }).send(
      wide(201, { externalId: "a" }),
    );
    expect(tooWide.status).toBe(413);
    expect(tooWide.body.error).toBe("An object in the request body has more than 200 keys.");
    const session = await sessionToken(t.app, apiKey);
    const login = await post("/auth/v1/authenticate/start", { Authorization: `Bearer ${session}` }).send(
      MALFORMED,
    );
    expect(login.status).toBe(400);
  });

  it("ignores unknown keys (its bodies are not strict): a wide body's answer names none of them", async () => {
    const { apiKey } = await makeTenant(t);
    const res = await post("/api/v1/user-token", { "X-API-KEY": apiKey }).send(
      wide(150, { externalId: "a" }),
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["userId", "userToken"]);
    // Any validation error lists at most ten (service-kit's unknownKeysMessage, tested there).
  });
});
