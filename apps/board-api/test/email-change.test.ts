// Issue 28, point 3: changing the account's email address needs a passkey used in the last 5
// minutes by the web session (a stolen session alone cannot move the account to its own mailbox),
// and becomes real only when the link mailed to the new address is opened by the same account;
// the old address keeps working until then and is told. Two instances on one database.
import { CSRF_HEADER, createLogger, NotFoundError, outboxMailer } from "@org/service-kit";
import { createTestDatabase, type TestDatabase } from "@org/db/testing";
import type { Express } from "express";
import request from "supertest";
import type { TenantClient } from "../src/auth-server/tenant-client.ts";
import { createApp } from "../src/app.ts";
import { loadBoardEnv } from "../src/env.ts";
import { webConfig } from "../src/http/web.ts";
import { STEP_UP_MAX_AGE_MS } from "../src/services/step-up.ts";
import { createUser } from "../src/services/users.ts";
import { startWebSession } from "../src/services/web-sessions.ts";

let database: TestDatabase;
let app: Express;
/** A second instance on the same database. */
let other: Express;
/** challengeId → the user the fake auth server verified it for; each is taken once. */
const logins = new Map<string, string>();
const mailer = outboxMailer({ from: "Board <no-reply@localhost>" });
const env = () =>
  loadBoardEnv({
    DATABASE_URL: database.url,
    AUTH_SERVER_URL: "http://localhost:4999",
    AUTH_API_KEY: "ak_test",
  });

beforeAll(async () => {
  database = await createTestDatabase();
  const tenant = {
    publicUrl: "http://localhost:4999",
    verifyAuth: async (challengeId: string) => {
      const userId = logins.get(challengeId);
      logins.delete(challengeId);
      if (!userId) throw new NotFoundError("Unknown challenge.");
      return { user: { externalId: userId } };
    },
  } as unknown as TenantClient;
  const instance = () =>
    createApp({
      env: env(),
      db: database.db,
      logger: createLogger({ service: "board-api", level: "silent" }),
      redis: undefined,
      tenant,
      mailer,
    });
  app = instance();
  other = instance();
});
afterAll(() => database.drop());

let people = 0;
/** A user with a web session (fresh from its sign-in) and an API token. */
async function person() {
  people += 1;
  const email = `person${people}-${Date.now()}@example.com`;
  const { user, token } = await createUser({ db: database.db, email, name: "Ada" });
  const session = await startWebSession({
    db: database.db,
    userId: user.id,
    lifetime: webConfig(env()).lifetime,
  });
  const as = (method: "get" | "post", path: string, on: Express = app) => {
    const agent = request(on);
    return agent[method](path)
      .set("Cookie", `board_session=${session.token}`)
      .set(CSRF_HEADER, session.csrfToken);
  };
  /** The session's sign-in, 6 minutes ago: what a thief's stolen cookie looks like. */
  const stale = () =>
    database.db.webSession.updateMany({
      where: { userId: user.id },
      data: { steppedUpAt: new Date(Date.now() - STEP_UP_MAX_AGE_MS - 60_000) },
    });
  const stepUp = async (on: Express = app) => {
    const challengeId = `login-${user.id}-${Math.random()}`;
    logins.set(challengeId, user.id);
    expect((await as("post", "/app/auth/step-up", on).send({ challengeId })).status).toBe(200);
  };
  /** Lets the next link go out at once (one mail a minute per user). */
  const later = () =>
    database.db.emailVerification.updateMany({
      where: { userId: user.id },
      data: { createdAt: new Date(Date.now() - 2 * 60_000) },
    });
  return { user, token, as, stale, stepUp, later };
}

const mailsTo = (address: string) => (mailer.outbox() ?? []).filter((mail) => mail.to === address);
const linkIn = (text: string) => /#(ev_[A-Za-z0-9_-]+)/.exec(text)?.[1] as string;
const change = (as: Awaited<ReturnType<typeof person>>["as"], email: string, on?: Express) =>
  as("post", "/api/v1/me/email-change", on).send({ email });
const confirm = (as: Awaited<ReturnType<typeof person>>["as"], token: string, on?: Express) =>
  as("post", "/api/v1/me/email-verification/confirm", on).send({ token });

describe("change_email", () => {
  it("a stolen session without a passkey used in the last 5 minutes is refused, on either instance, and nothing is mailed", async () => {
    const { user, as, stale } = await person();
    await stale();
    for (const on of [app, other]) {
      const refused = await change(as, "thief@evil.example", on);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("step_up_required");
    }
    expect(mailsTo("thief@evil.example")).toEqual([]);
    expect(mailsTo(user.email)).toEqual([]);
    expect((await database.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });

  it("an API token cannot change it", async () => {
    const { token } = await person();
    const refused = await request(app)
      .post("/api/v1/me/email-change")
      .set("Authorization", `Bearer ${token}`)
      .send({ email: "agent@evil.example" });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    expect(mailsTo("agent@evil.example")).toEqual([]);
  });

  it("after a step-up on one instance: a link to the new address, a notice to the old; the old stays until the link is opened on the other", async () => {
    const { user, as, stale, stepUp } = await person();
    await stale();
    await stepUp(other);
    const asked = await change(as, "  Ada@New.Example ");
    expect(asked.status).toBe(201);
    expect(asked.body).toEqual({ email: "ada@new.example", expires_at: expect.any(String) });

    const [link] = mailsTo("ada@new.example");
    expect(link?.subject).toBe("Confirm your new email address for Board");
    expect(link?.text).toContain(`as ${user.email}`);
    const [notice] = mailsTo(user.email);
    expect(notice?.subject).toBe("Your Board account's email address is being changed");
    expect(notice?.text).toContain(`from ${user.email} to ada@new.example`);

    // Until the link is opened the account keeps its address.
    expect((await as("get", "/api/v1/me")).body).toMatchObject({ email: user.email });

    // Opened by another account: nothing.
    const stranger = await person();
    expect((await confirm(stranger.as, linkIn(link!.text))).status).toBe(404);

    const confirmed = await confirm(as, linkIn(link!.text), other);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ email: "ada@new.example", email_verified: true });
    expect((await as("get", "/api/v1/me")).body).toMatchObject({ email: "ada@new.example" });
    // Once only.
    expect((await confirm(as, linkIn(link!.text))).status).toBe(404);
  });

  it("refuses the current address and another account's; a newer request and a change spend the older links", async () => {
    const { user, as, later } = await person();
    const taken = await person();
    expect((await change(as, user.email)).status).toBe(409);
    const theirs = await change(as, taken.user.email);
    expect(theirs.status).toBe(409);
    expect(theirs.body.error.message).toBe(`${taken.user.email} belongs to another account.`);
    expect((await change(as, "not an address")).status).toBe(422);

    // A link that verifies the current address, then two change requests.
    expect((await as("post", "/api/v1/me/email-verification")).status).toBe(201);
    const verifyOld = linkIn(mailsTo(user.email).at(-1)!.text);
    // (One mail a minute per address: a link to another address may follow at once, as after sign-up.)
    expect((await change(as, "first@new.example")).status).toBe(201);
    expect((await change(as, "first@new.example")).status).toBe(429);
    await later();
    expect((await change(as, "second@new.example")).status).toBe(201);
    const first = linkIn(mailsTo("first@new.example")[0]!.text);
    const second = linkIn(mailsTo("second@new.example")[0]!.text);
    expect((await confirm(as, first)).status).toBe(404);
    expect((await confirm(as, second)).status).toBe(200);
    // The old address's link cannot move the account back.
    expect((await confirm(as, verifyOld)).status).toBe(404);
    expect((await as("get", "/api/v1/me")).body).toMatchObject({
      email: "second@new.example",
      email_verified: true,
    });
  });

  it("an address another account took since the link was sent is conflict when it is opened", async () => {
    const { as } = await person();
    expect((await change(as, "race@new.example")).status).toBe(201);
    const link = linkIn(mailsTo("race@new.example")[0]!.text);
    await createUser({ db: database.db, email: "race@new.example", name: "Quick" });
    const refused = await confirm(as, link);
    expect(refused.status).toBe(409);
  });
});
