// Tenant webhooks through HTTP: endpoints added with the dashboard's API, each event type delivered
// to a real receiver (a local HTTP server) that verifies the signature with `standardwebhooks`, a
// failing receiver retried until it succeeds, and a replay from the admin API; each change audited.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createLogger } from "@org/service-kit";
import request from "supertest";
import type TestAgent from "supertest/lib/agent";
import { Webhook } from "standardwebhooks";
import { TenantWebhookWorker } from "../src/services/tenant-webhooks.ts";
import { signedInAdmin } from "./helpers/admin.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { login, makeAuthenticator, registerPasskey, sessionToken, userToken } from "./helpers/flows.ts";

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A receiver that answers `failures` 500s first, then 204; records every request. */
async function receiver(failures = 0) {
  const received: Received[] = [];
  let left = failures;
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ headers: req.headers as Record<string, string>, body });
      res.statusCode = left-- > 0 ? 500 : 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function until<T>(what: () => T | undefined | false | Promise<T | undefined | false>, ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let t: TestApp;
let browser: TestAgent;
let csrf: string;
let worker: TenantWebhookWorker;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: "true" });
  ({ browser, csrf } = await signedInAdmin(t, { email: "root@example.test", name: "Root" }));
  worker = new TenantWebhookWorker({
    db: t.database.db,
    logger: createLogger({ service: "auth-server", level: "silent" }),
    policy: { protocols: ["http:", "https:"], allowPrivateAddresses: true },
    pollMs: 100,
    retrySchedule: [0, 0],
  }).start();
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

const api = {
  get: (path: string) => browser.get(`/admin/api${path}`),
  post: (path: string, body?: object) =>
    browser.post(`/admin/api${path}`).set("X-CSRF-Token", csrf).send(body),
  delete: (path: string) => browser.delete(`/admin/api${path}`).set("X-CSRF-Token", csrf),
};

let tenants = 0;
async function newTenant() {
  tenants += 1;
  const res = await api.post("/tenants", {
    name: `Shop ${tenants}`,
    rp_id: "shop.example.test",
    origins: ["https://shop.example.test"],
    password_login: true,
  });
  expect(res.status).toBe(201);
  return res.body as { tenant: { id: string }; apiKey: string };
}

/** The deliveries' bodies, each verified with the endpoint's secret as a receiver would. */
function verified(received: Received[], secret: string) {
  const wh = new Webhook(secret);
  return received.map(
    (r) => wh.verify(r.body, r.headers) as { type: string; timestamp: string; data: Record<string, unknown> },
  );
}

describe("tenant webhooks", () => {
  test("each event type is delivered, signed so that standardwebhooks verifies it", async () => {
    const { tenant, apiKey } = await newTenant();
    const hook = await receiver();
    const added = await api.post(`/tenants/${tenant.id}/webhooks`, { url: hook.url, description: "CRM" });
    expect(added.status).toBe(201);
    expect(added.body.secret).toMatch(/^whsec_/);
    const listed = await api.get(`/tenants/${tenant.id}/webhooks`).expect(200);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: added.body.id, url: hook.url })]);
    expect(listed.body.data[0].secret).toBeUndefined();

    const authenticator = makeAuthenticator({ origin: "https://shop.example.test" });
    const token = await userToken(t.app, apiKey, { externalId: "ada", displayName: "Ada" });
    const registered = await registerPasskey(t.app, token, authenticator);
    expect(registered.status).toBe(200);
    const signedIn = await login(t.app, await sessionToken(t.app, apiKey), authenticator);
    expect(signedIn.status).toBe(200);
    await request(t.app)
      .post("/auth/v1/password/login")
      .set("Authorization", `Bearer ${await sessionToken(t.app, apiKey)}`)
      .send({ username: "nobody", password: "not the password" })
      .expect(401);
    await api.delete(`/passkeys/${registered.body.passkeyId}`).expect(204);
    await request(t.app).delete("/api/v1/users/ada").set("X-API-KEY", apiKey).expect(204);

    await until(() => hook.received.length >= 6);
    const events = verified(hook.received, added.body.secret);
    const userId = registered.body.user.id as string;
    const user = { id: userId, externalId: "ada" };
    const passkey = { id: registered.body.passkeyId };
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ["user.created", { user }],
      ["passkey.added", { user, passkey }],
      ["login.succeeded", { user, passkey, method: "passkey" }],
      ["login.failed", { user: null, method: "password", reason: "unknown_user" }],
      ["passkey.removed", { user, passkey }],
      ["user.deleted", { user }],
    ]);
    // Each delivery its own webhook-id; a forged body fails verification.
    expect(new Set(hook.received.map((r) => r.headers["webhook-id"])).size).toBe(6);
    expect(() =>
      new Webhook(added.body.secret).verify(`${hook.received[0]!.body} `, hook.received[0]!.headers),
    ).toThrow();

    // The worker records an answer just after the receiver has it: the log catches up.
    const log = await until(async () => {
      const page = await api.get(`/webhooks/${added.body.id}/deliveries`).expect(200);
      const data = page.body.data as Array<{ status: string }>;
      return data.every((d) => d.status === "succeeded") && data;
    });
    expect(log).toHaveLength(6);
    await hook.close();
  });

  test("a failing receiver is retried until it succeeds; a replay sends the delivery again", async () => {
    const { tenant, apiKey } = await newTenant();
    const hook = await receiver(1);
    const added = await api
      .post(`/tenants/${tenant.id}/webhooks`, { url: hook.url, events: ["user.created"] })
      .expect(201);
    await userToken(t.app, apiKey, { externalId: "bob" });
    await until(() => hook.received.length >= 2);
    const delivery = await until(async () => {
      const [first] = (await api.get(`/webhooks/${added.body.id}/deliveries`).expect(200)).body.data;
      return first?.status === "succeeded" && first;
    });
    expect(delivery).toMatchObject({ event_type: "user.created", status: "succeeded" });
    expect(delivery.attempts).toEqual([
      expect.objectContaining({ status_code: 500, error: "answered 500 (a 2xx status is success)" }),
      expect.objectContaining({ status_code: 204, error: null }),
    ]);

    const replayed = await api.post(`/deliveries/${delivery.id}/replay`).expect(200);
    expect(replayed.body.id).toBe(delivery.id);
    await until(() => hook.received.length >= 3);
    expect(hook.received[2]!.headers["webhook-id"]).toBe(delivery.id);
    expect(verified(hook.received, added.body.secret).map((e) => e.type)).toEqual([
      "user.created",
      "user.created",
      "user.created",
    ]);

    await api.delete(`/webhooks/${added.body.id}`).expect(204);
    expect((await api.get(`/tenants/${tenant.id}/webhooks`).expect(200)).body.data).toEqual([]);
    await api.delete(`/webhooks/${added.body.id}`).expect(404);

    // Adding, replaying and removing are audited with the administrator, the URL's origin only.
    const audit = await api.get(`/audit?tenant_id=${tenant.id}`).expect(200);
    const webhookEvents = (audit.body.data as Array<{ type: string }>).filter((e) =>
      e.type.startsWith("webhook_"),
    );
    const origin = new URL(hook.url).origin;
    expect(webhookEvents).toEqual([
      expect.objectContaining({
        type: "webhook_removed",
        admin_name: "Root",
        detail: { webhook_id: added.body.id, origin },
      }),
      expect.objectContaining({
        type: "webhook_replayed",
        admin_name: "Root",
        detail: { webhook_id: added.body.id, delivery_id: delivery.id, event: "user.created" },
      }),
      expect.objectContaining({
        type: "webhook_added",
        admin_name: "Root",
        detail: { webhook_id: added.body.id, origin },
      }),
    ]);
    expect(JSON.stringify(audit.body)).not.toContain(added.body.secret);
    await hook.close();
  });

  test("a URL the worker would not send to is refused, saying why", async () => {
    const { tenant } = await newTenant();
    const res = await api.post(`/tenants/${tenant.id}/webhooks`, { url: "ftp://example.com/x" });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("Only http and https URLs receive webhooks");
  });
});
