// WebAuthn Level 3 checks the library leaves to the server (issue 28, point 4), each reproduced
// with the software authenticator forging one field: a discoverable login must carry its user
// handle; the backup-eligible flag cannot change; a packed self-attestation's algorithm is the
// key's; and a wrong origin or RP ID is refused before the challenge is spent.
import request from "supertest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import {
  authenticateFinish,
  authenticateStart,
  failure,
  makeAuthenticator,
  makeTenant,
  registerStart,
  tenantWithPasskey,
  userToken,
} from "./helpers/flows.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const auditRows = (type: "login_failure" | "backup_eligibility_changed", userId: string) =>
  t.database.db.authAuditEvent.findMany({ where: { type, userId }, orderBy: { createdAt: "asc" } });

const finishRegistration = (token: string, body: Record<string, unknown>) =>
  request(t.app).post("/auth/v1/register/finish").set("Authorization", `Bearer ${token}`).send(body);

describe("discoverable logins name their account (§7.2 step 6)", () => {
  it("a response without userHandle is refused and audited; with it, the same passkey signs in", async () => {
    const fx = await tenantWithPasskey(t, "no-handle");
    const { challengeId, options } = await authenticateStart(t.app, fx.session);
    const credential = fx.authenticator.authenticate(options as never, { userHandle: null });
    expect(credential.response.userHandle).toBeUndefined();
    const res = await authenticateFinish(t.app, fx.session, { challengeId, credential });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      failure(
        "verification_failed",
        "The response has no user handle; a passkey sign-in must name its account.",
      ),
    );
    expect(await auditRows("login_failure", fx.userId)).toEqual([
      expect.objectContaining({
        detail: { method: "passkey", reason: "user_handle_missing", passkeyId: fx.passkeyId },
      }),
    ]);

    const other = await tenantWithPasskey(t, "someone-else");
    const wrong = await authenticateStart(t.app, fx.session);
    const foreign = fx.authenticator.authenticate(wrong.options as never, {
      userHandle: Buffer.from(other.userId).toString("base64url"),
    });
    const mismatch = await authenticateFinish(t.app, fx.session, {
      challengeId: wrong.challengeId,
      credential: foreign,
    });
    expect(mismatch.body).toEqual(
      failure("verification_failed", "The passkey's user handle does not match its account."),
    );

    const ok = await authenticateStart(t.app, fx.session);
    const good = await authenticateFinish(t.app, fx.session, {
      challengeId: ok.challengeId,
      credential: fx.authenticator.authenticate(ok.options as never),
    });
    expect(good.status).toBe(200);
  });
});

describe("the backup-eligible flag is fixed at registration (§6.1.3, §7.2)", () => {
  it.each([
    ["a device-bound passkey turning eligible", false],
    ["a synced passkey turning ineligible", true],
  ])("%s is refused and audited", async (_name, synced) => {
    const { apiKey } = await makeTenant(t);
    const authenticator = makeAuthenticator({ synced });
    const token = await userToken(t.app, apiKey, { externalId: `be-${String(synced)}` });
    const started = await registerStart(t.app, token);
    const registered = await finishRegistration(token, {
      challengeId: started.body.challengeId,
      credential: authenticator.register(started.body.options),
    });
    expect(registered.status).toBe(200);
    const stored = await t.database.db.authCredential.findUniqueOrThrow({
      where: { id: registered.body.passkeyId },
    });
    expect(stored.backupEligible).toBe(synced);
    const session = (await request(t.app).post("/api/v1/session-token").set("X-API-KEY", apiKey)).body.token;

    const { challengeId, options } = await authenticateStart(t.app, session);
    const forged = authenticator.authenticate(options as never, { backupEligible: !synced });
    const res = await authenticateFinish(t.app, session, { challengeId, credential: forged });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      failure(
        "verification_failed",
        "The passkey's backup eligibility changed since it was registered; this response is refused.",
      ),
    );
    const userId = registered.body.user.id as string;
    expect(await auditRows("backup_eligibility_changed", userId)).toEqual([
      expect.objectContaining({
        detail: { passkeyId: stored.id, stored: synced, received: !synced },
      }),
    ]);
    expect((await auditRows("login_failure", userId)).map((e) => e.detail)).toEqual([
      { method: "passkey", reason: "backup_eligibility", passkeyId: stored.id },
    ]);

    const again = await authenticateStart(t.app, session);
    const honest = await authenticateFinish(t.app, session, {
      challengeId: again.challengeId,
      credential: authenticator.authenticate(again.options as never),
    });
    expect(honest.status).toBe(200);
  });
});

describe("registration: checks made before the challenge is spent", () => {
  it("a packed self-attestation whose alg is not the key's is refused (§8.2); its challenge stays open", async () => {
    const { apiKey } = await makeTenant(t);
    const authenticator = makeAuthenticator();
    const token = await userToken(t.app, apiKey, { externalId: "packed" });
    const { body } = await registerStart(t.app, token);
    // ES256 key, statement claiming ES384 (signed with SHA-384, which the library accepts).
    const forged = await finishRegistration(token, {
      challengeId: body.challengeId,
      credential: authenticator.register(body.options, { packed: { alg: -35 } }),
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual(
      failure(
        "verification_failed",
        "The packed self-attestation claims algorithm -35, but the credential key is for -7.",
      ),
    );
    expect(await t.database.db.authCredential.count({ where: { user: { externalId: "packed" } } })).toBe(0);
    // The same challenge, an honest packed self-attestation: stored.
    const honest = await finishRegistration(token, {
      challengeId: body.challengeId,
      credential: authenticator.register(body.options, { packed: {} }),
    });
    expect(honest.status).toBe(200);
  });

  it("a wrong origin or RP ID leaves the challenge for a corrected retry", async () => {
    const { apiKey } = await makeTenant(t);
    const authenticator = makeAuthenticator();
    const token = await userToken(t.app, apiKey, { externalId: "retry-reg" });
    const { body } = await registerStart(t.app, token);
    const origin = await finishRegistration(token, {
      challengeId: body.challengeId,
      credential: authenticator.register(body.options, { origin: "https://evil.test" }),
    });
    expect(origin.status).toBe(400);
    expect(origin.body.error).toBe(
      'Unexpected registration response origin "https://evil.test", expected one of: https://app.example.test, http://localhost:4100',
    );
    const rp = await finishRegistration(token, {
      challengeId: body.challengeId,
      credential: authenticator.register(body.options, { rpId: "evil.test" }),
    });
    expect(rp.body).toEqual(failure("verification_failed", "Unexpected RP ID hash"));
    const retry = await finishRegistration(token, {
      challengeId: body.challengeId,
      credential: authenticator.register(body.options),
    });
    expect(retry.status).toBe(200);
  });
});

describe("login: checks made before the challenge is spent", () => {
  it("a wrong origin or RP ID is refused and audited; the challenge then still signs in", async () => {
    const fx = await tenantWithPasskey(t, "retry-login");
    const { challengeId, options } = await authenticateStart(t.app, fx.session);
    const origin = await authenticateFinish(t.app, fx.session, {
      challengeId,
      credential: fx.authenticator.authenticate(options as never, { origin: "https://evil.test" }),
    });
    expect(origin.status).toBe(400);
    expect(origin.body.error).toBe(
      'Unexpected authentication response origin "https://evil.test", expected one of: https://app.example.test, http://localhost:4100',
    );
    const rp = await authenticateFinish(t.app, fx.session, {
      challengeId,
      credential: fx.authenticator.authenticate(options as never, { rpId: "evil.test" }),
    });
    expect(rp.body).toEqual(failure("verification_failed", "Unexpected RP ID hash"));
    expect((await auditRows("login_failure", fx.userId)).map((e) => e.detail)).toEqual([
      { method: "passkey", reason: "origin_or_rp_id", passkeyId: fx.passkeyId },
      { method: "passkey", reason: "origin_or_rp_id", passkeyId: fx.passkeyId },
    ]);
    const retry = await authenticateFinish(t.app, fx.session, {
      challengeId,
      credential: fx.authenticator.authenticate(options as never),
    });
    expect(retry.status).toBe(200);
  });
});
