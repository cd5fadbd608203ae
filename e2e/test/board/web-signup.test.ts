// An abandoned sign-up holds nothing: Back, starting again, or leaving it past its time frees the
// handle and deletes the auth server user its registration token created; the handle the person
// chose is kept. Against a real auth server.
import { SoftwareAuthenticator } from "@org/auth-server/testing";
import { createLogger } from "@org/service-kit";
import request from "supertest";
import { createTenantClient, SIGNUP_TTL_MS, sweepSignups, type TestApp } from "@org/board-api/testing";
import {
  BOARD_ORIGIN,
  createWebTestApp,
  registerPasskey,
  signIn,
  startAuthServer,
  type AuthServer,
} from "../../src/board/web.ts";

let auth: AuthServer;
let t: TestApp;
let apiKey: string;
beforeAll(async () => {
  auth = await startAuthServer();
  apiKey = await auth.tenant([BOARD_ORIGIN]);
  t = await createWebTestApp(auth, apiKey);
});
afterAll(async () => {
  await t.close();
  await auth.close();
});

const error = (code: string, message: string) => ({ error: { code, message } });
const logger = createLogger({ service: "board-api", level: "silent" });
const tenant = () =>
  createTenantClient({
    publicUrl: auth.url,
    internalUrl: auth.url,
    apiKey: { value: apiKey },
    boardName: "Board",
  });

/** The auth server's status for the user of `externalId` (200: it exists, 404: it does not). */
const authUserStatus = async (externalId: string) =>
  (await fetch(`${auth.url}/api/v1/users/${externalId}`, { headers: { "X-API-KEY": apiKey } })).status;

/** A browser that filled step 1 and reached the passkey step (its registration token fetched). */
async function atPasskeyStep(body: { email: string; name: string; handle?: string }) {
  const agent = request.agent(t.app);
  const started = await agent.post("/app/auth/signup").send(body);
  const { body: token } = await agent.get("/app/auth/signup/token").expect(200);
  const row = await t.database.db.webSignup.findFirstOrThrow({ where: { email: body.email } });
  return { agent, started, userToken: (token as { userToken: string }).userToken, id: row.id };
}

describe("an abandoned sign-up", () => {
  it("on Back frees its handle and leaves no auth server user; the step reloads until then", async () => {
    const ada = await atPasskeyStep({ email: "ada@example.com", name: "Ada Lovelace" });
    expect(ada.started.body).toEqual({
      email: "ada@example.com",
      name: "Ada Lovelace",
      handle: "ada",
      verification_mail: true,
    });
    expect(await authUserStatus(ada.id)).toBe(200);
    // Reloading the passkey step finds the sign-up again.
    const current = await ada.agent.get("/app/auth/signup").expect(200);
    expect(current.headers["cache-control"]).toBe("no-store");
    expect(current.body).toEqual(ada.started.body);
    // Someone else meanwhile gets the next handle.
    const other = await request(t.app)
      .post("/app/auth/signup")
      .send({ email: "a2@example.com", name: "Ada B" });
    expect(other.body.handle).toBe("ada-2");

    const back = await ada.agent.delete("/app/auth/signup").set("Origin", BOARD_ORIGIN);
    expect(back.status).toBe(204);
    expect(await authUserStatus(ada.id)).toBe(404);
    expect(await t.database.db.webSignup.count({ where: { email: "ada@example.com" } })).toBe(0);
    expect((await ada.agent.get("/app/auth/signup")).status).toBe(204);
    // The handle is free: the next sign-up of that name gets it.
    const again = await request(t.app)
      .post("/app/auth/signup")
      .send({ email: "a3@example.com", name: "Ada C" });
    expect(again.body.handle).toBe("ada");
    // Another site cannot cancel a browser's sign-up.
    const forged = await request(t.app).delete("/app/auth/signup").set("Origin", "https://evil.example");
    expect(forged.status).toBe(403);
  });

  it("started again in the same browser keeps the handle it held (no @grace-2) and one row", async () => {
    const grace = await atPasskeyStep({ email: "grace@example.com", name: "Grace Hopper" });
    expect(grace.started.body.handle).toBe("grace");
    const again = await grace.agent
      .post("/app/auth/signup")
      .send({ email: "grace.h@example.com", name: "Grace Hopper" })
      .expect(201);
    expect(again.body).toEqual({
      email: "grace.h@example.com",
      name: "Grace Hopper",
      handle: "grace",
      verification_mail: true,
    });
    expect(await t.database.db.webSignup.count({ where: { handle: "grace" } })).toBe(1);
    expect(await authUserStatus(grace.id)).toBe(404);
  });

  it("keeps the handle the person chose, and says which one is free when it is taken", async () => {
    const lin = await request(t.app)
      .post("/app/auth/signup")
      .send({ email: "lin@example.com", name: "Lin Clark", handle: "lclark" })
      .expect(201);
    expect(lin.body.handle).toBe("lclark");
    const taken = await request(t.app)
      .post("/app/auth/signup")
      .send({ email: "lin2@example.com", name: "Lin", handle: "lclark" });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual(error("conflict", "The handle @lclark is taken: try @lclark-2."));
    const bad = await request(t.app)
      .post("/app/auth/signup")
      .send({ email: "lin3@example.com", name: "Lin", handle: "Not A Handle" });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details[0].path).toBe("handle");
  });

  it("left past its time holds its handle no more, and the sweep deletes its auth server user", async () => {
    const kay = await atPasskeyStep({ email: "kay@example.com", name: "Kay Ryan" });
    expect(await sweepSignups({ db: t.database.db, tenant: tenant(), logger })).toBe(0);
    expect(await authUserStatus(kay.id)).toBe(200);
    const later = new Date(Date.now() + SIGNUP_TTL_MS + 1000);
    await t.database.db.webSignup.update({ where: { id: kay.id }, data: { expiresAt: new Date() } });
    // Free at once, before any sweep.
    const next = await request(t.app)
      .post("/app/auth/signup")
      .send({ email: "k2@example.com", name: "Kay B" });
    expect(next.body.handle).toBe("kay");
    // The late browser is told to start again.
    const late = await kay.agent.get("/app/auth/signup/token");
    expect(late.status).toBe(401);
    expect(await sweepSignups({ db: t.database.db, tenant: tenant(), logger, now: later })).toBeGreaterThan(
      0,
    );
    expect(await authUserStatus(kay.id)).toBe(404);
    expect(await t.database.db.webSignup.count({ where: { id: kay.id } })).toBe(0);
  });

  it("left past its time after its passkey was made becomes the account (the browser closed too early)", async () => {
    const tom = await atPasskeyStep({ email: "tom@example.com", name: "Tom Kilburn" });
    const authenticator = new SoftwareAuthenticator({ origin: BOARD_ORIGIN });
    await registerPasskey(auth, tom.userToken, authenticator);
    await t.database.db.webSignup.update({ where: { id: tom.id }, data: { expiresAt: new Date() } });
    await sweepSignups({ db: t.database.db, tenant: tenant(), logger });
    expect(await t.database.db.user.findUnique({ where: { id: tom.id } })).toMatchObject({
      email: "tom@example.com",
      handle: "tom",
    });
    const res = await signIn(request.agent(t.app), auth, authenticator);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: tom.id, handle: "tom" });
  });

  it("on Back right after its passkey was made deletes that passkey too: nothing is held", async () => {
    const eve = await atPasskeyStep({ email: "eve@example.com", name: "Eve Back" });
    await registerPasskey(auth, eve.userToken, new SoftwareAuthenticator({ origin: BOARD_ORIGIN }));
    await eve.agent.delete("/app/auth/signup").expect(204);
    expect(await authUserStatus(eve.id)).toBe(404);
    expect(await t.database.db.user.count({ where: { email: "eve@example.com" } })).toBe(0);
  });
});
