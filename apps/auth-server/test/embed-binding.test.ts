// A token counts only on a page of its own tenant, and a cross-origin ceremony without topOrigin
// (Safari) only when this server's embed proved its parent page. The attack these stop: a tenant's
// page frames /auth-embed, hands it another tenant's token (the admin sign-in page's is public),
// and harvests the login — the embed runs on this server's origin, which every tenant accepts.
import request from "supertest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { signInToken } from "./helpers/admin.ts";
import {
  authenticateFinish,
  failure,
  makeAuthenticator,
  makeTenant,
  ORIGIN,
  registerPasskey,
  tenantWithPasskey,
  userToken,
} from "./helpers/flows.ts";

const SERVER = "http://localhost:4100";
const PARENT = "X-AuthKit-Embed-Origin";
/** Another tenant's site: a customer of the same auth server, and the attacker here. */
const EVIL = "https://evil.example.test";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A request as a page at `origin` sends it; through the embed when `parent` is given. */
function fromPage(path: string, token: string, { origin, parent }: { origin: string; parent?: string }) {
  const req = request(t.app).post(path).set("Authorization", `Bearer ${token}`).set("Origin", origin);
  if (parent) req.set(PARENT, parent);
  return req;
}

const notTheirs = (origin: string, tenant: string) =>
  failure(
    "configuration_error",
    `${origin} is not an allowed origin of the tenant "${tenant}": add it (cli tenant update <id> --add-origin ${origin}, or the dashboard's Edit tenant).`,
  );

describe("a token on another tenant's page", () => {
  it("is refused on every token route, directly and through the embed", async () => {
    const fx = await tenantWithPasskey(t);
    await makeTenant(t, { name: "Evil Corp", origins: [EVIL] });
    const user = await userToken(t.app, fx.apiKey, { externalId: "someone" });
    const cases = [
      ["/auth/v1/authenticate/start", fx.session, {}],
      ["/auth/v1/password/login", fx.session, { username: "u", password: "p" }],
      ["/auth/v1/qr/start", fx.session, {}],
      ["/auth/v1/register/start", user, {}],
      ["/auth/v1/qr/start", user, { purpose: "register" }],
    ] as const;
    for (const [path, token, body] of cases) {
      for (const page of [{ origin: EVIL }, { origin: SERVER, parent: EVIL }]) {
        const res = await fromPage(path, token, page).send(body);
        expect({ path, page, status: res.status, body: res.body }).toEqual({
          path,
          page,
          status: 403,
          body: notTheirs(EVIL, fx.tenant.name),
        });
      }
    }
    // Its own pages, directly or framing the embed, are served.
    expect(
      (await fromPage("/auth/v1/authenticate/start", fx.session, { origin: ORIGIN }).send({})).status,
    ).toBe(200);
    const framed = await fromPage("/auth/v1/authenticate/start", fx.session, {
      origin: SERVER,
      parent: ORIGIN,
    });
    expect(framed.status).toBe(200);
  });

  it("refuses the admin sign-in page's public token in a tenant's frame, so no admin login can be harvested", async () => {
    await makeTenant(t, { name: "Evil Corp", origins: [EVIL] });
    const adminToken = await signInToken(t);
    const harvested = await fromPage("/auth/v1/authenticate/start", adminToken, {
      origin: SERVER,
      parent: EVIL,
    });
    expect(harvested.status).toBe(403);
    expect(harvested.body).toEqual(notTheirs(EVIL, "AuthKit admin"));
    // The sign-in page itself (this server's own origin, no frame) still works.
    expect(
      (await fromPage("/auth/v1/authenticate/start", adminToken, { origin: SERVER }).send({})).status,
    ).toBe(200);
  });
});

describe("a cross-origin response without topOrigin (Safari)", () => {
  /** authenticate/start as `page` sends it, then a framed assertion that names no top origin. */
  async function safariLogin(
    fx: Awaited<ReturnType<typeof tenantWithPasskey>>,
    page: { origin: string; parent?: string } | undefined,
    topOrigin?: string,
  ) {
    const start = page
      ? fromPage("/auth/v1/authenticate/start", fx.session, page)
      : request(t.app).post("/auth/v1/authenticate/start").set("Authorization", `Bearer ${fx.session}`);
    const started = await start.send({});
    expect(started.status).toBe(200);
    const credential = fx.authenticator.authenticate(started.body.options, {
      origin: SERVER,
      crossOrigin: true,
      ...(topOrigin ? { topOrigin } : {}),
    });
    return authenticateFinish(t.app, fx.session, { challengeId: started.body.challengeId, credential });
  }

  it("is refused unless the ceremony was started by the embed on one of the tenant's pages", async () => {
    const fx = await tenantWithPasskey(t);
    const unbound = await safariLogin(fx, undefined);
    expect(unbound.status).toBe(400);
    expect(unbound.body).toEqual(
      failure(
        "verification_failed",
        "A response from a frame that does not name its page (topOrigin) is accepted only from this server's embed on one of the tenant's pages.",
      ),
    );
    const audited = await t.database.db.authAuditEvent.findFirst({
      where: { tenantId: fx.tenant.id, type: "login_failure" },
      orderBy: { createdAt: "desc" },
    });
    expect(audited?.detail).toMatchObject({ reason: "top_origin" });
    // Started by the tenant's page itself, not through the embed: nothing proves the frame's page.
    expect((await safariLogin(fx, { origin: ORIGIN })).status).toBe(400);

    const bound = await safariLogin(fx, { origin: SERVER, parent: ORIGIN });
    expect(bound.status).toBe(200);
  });

  it("with topOrigin, must name the page the embed was started on", async () => {
    const fx = await tenantWithPasskey(t);
    await t.database.db.tenant.update({
      where: { id: fx.tenant.id },
      data: { origins: [ORIGIN, "https://other.example.test"] },
    });
    const swapped = await safariLogin(fx, { origin: SERVER, parent: ORIGIN }, "https://other.example.test");
    expect(swapped.status).toBe(400);
    expect(swapped.body.error).toBe(
      `Cross-origin response from https://other.example.test, not the page that started it (${ORIGIN}).`,
    );
    expect((await safariLogin(fx, { origin: SERVER, parent: ORIGIN }, ORIGIN)).status).toBe(200);
  });

  it("is refused at registration too, unless the embed proved its parent", async () => {
    const { apiKey } = await makeTenant(t);
    const authenticator = makeAuthenticator();
    const token = await userToken(t.app, apiKey, { externalId: "safari" });
    const framed = { overrides: { origin: SERVER, crossOrigin: true } };
    const unbound = await registerPasskey(t.app, token, authenticator, framed);
    expect(unbound.status).toBe(400);
    expect(unbound.body.error).toMatch(/does not name its page \(topOrigin\)/);

    const started = await fromPage("/auth/v1/register/start", token, { origin: SERVER, parent: ORIGIN }).send(
      {},
    );
    const credential = authenticator.register(started.body.options, framed.overrides);
    const bound = await fromPage("/auth/v1/register/finish", token, { origin: SERVER, parent: ORIGIN }).send({
      challengeId: started.body.challengeId,
      credential,
    });
    expect(bound.status).toBe(200);
  });
});
