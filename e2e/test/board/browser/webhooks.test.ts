// A project's webhooks on its settings page: an admin adds a receiver for card.created, copies the
// signing secret shown once, a card added on the board reaches the receiver, the delivery log shows
// it, and "Send again" replays it. An endpoint the server disables (failing for 3 days) shows on
// the admin's notifications page, a notification without a card that leads to the settings.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { addCards, browserSuite, newProject, shootPage, signUp } from "../../../src/board/browser.ts";

// The delivery worker server.ts runs, polling often.
const suite = browserSuite({ env: { WEBHOOK_ALLOW_PRIVATE: "true" }, webhooks: { pollMs: 200 } });

const received: Array<{ id: string; body: { type: string; data: { card?: { title: string } } } }> = [];
let receiver: http.Server;
let receiverUrl = "";
beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.url === "/hooks/dead") {
        res.statusCode = 500;
        res.end("down");
        return;
      }
      received.push({
        id: String(req.headers["webhook-id"]),
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
      });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/board`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function until(what: string, test: () => boolean, ms = 8000) {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("webhooks on the settings page", () => {
  it("an admin adds one, sees its secret once, its deliveries, and sends one again", async () => {
    const ada = await suite.person();
    const { page } = ada;
    await signUp(page, suite.services.board.url, { email: "hooks@example.com", name: "Ada Hooks" });
    const board = await newProject(page, "Hooks");
    await page.goto(`${board}/settings`);

    await page.getByRole("textbox", { name: "Receiver URL" }).fill(receiverUrl);
    await page.getByRole("textbox", { name: "Description" }).fill("CI runner");
    await page.getByText("Event types (none ticked: every event)").click();
    await page.getByRole("checkbox", { name: "card.created" }).check();
    await page.getByRole("button", { name: "Add webhook" }).click();
    const secret = (await page.locator("board-secret-value code").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await page.getByText("CI runner · card.created").waitFor();
    await shootPage(page, "webhook-created", () =>
      page.getByRole("button", { name: "Copy" }).scrollIntoViewIfNeeded(),
    );

    await page.goto(board);
    await page.getByRole("button", { name: "+ Add a card" }).first().waitFor();
    await addCards(page, "To do", ["Ship the hooks"]);
    await until("the delivery", () => received.length >= 1);
    expect(received[0]!.body).toMatchObject({
      type: "card.created",
      data: { card: { title: "Ship the hooks" } },
    });

    await page.goto(`${board}/settings`);
    await page.getByRole("button", { name: "Deliveries" }).click();
    await page.getByText("succeeded").waitFor();
    await shootPage(page, "webhook-deliveries", () =>
      page.getByRole("button", { name: "Send again" }).scrollIntoViewIfNeeded(),
    );
    await page.getByRole("button", { name: "Send again" }).click();
    await until("the replay", () => received.length >= 2);
    expect(received[1]!.id).toBe(received[0]!.id);
    // The secret is never shown again.
    await page.reload();
    await page.getByRole("heading", { name: "Webhooks" }).waitFor();
    expect(await page.locator("board-secret-value").count()).toBe(0);
    expect(ada.problems).toEqual([]);
  });

  it("an endpoint the server disables reaches its admin's notifications, leading to the settings", async () => {
    const grace = await suite.person();
    const { page } = grace;
    await signUp(page, suite.services.board.url, { email: "dead-hooks@example.com", name: "Grace Hooks" });
    const board = await newProject(page, "Dead hooks");
    const projectId = /projects\/([0-9a-f-]+)/.exec(board)![1]!;
    const deadUrl = receiverUrl.replace("/hooks/board", "/hooks/dead");
    const db = suite.services.board.database.db;
    // An endpoint failing for 4 days already: its next failure disables it.
    await db.$executeRaw`
      INSERT INTO webhooks (id, project_id, url, events, secret, enabled, failing_since, created_at, updated_at)
      VALUES (gen_random_uuid(), ${projectId}::uuid, ${deadUrl}, '{card.created}', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        true, now() - interval '4 days', now(), now())`;
    await page.goto(board);
    await page.getByRole("button", { name: "+ Add a card" }).first().waitFor();
    await addCards(page, "To do", ["Into the void"]);

    await page.goto(`${suite.services.board.url}/app/notifications`);
    const item = page.getByRole("link", { name: /A webhook was disabled/ });
    await item.waitFor({ timeout: 15_000 });
    expect(await item.textContent()).toContain(deadUrl);
    expect(await item.textContent()).toContain("Every delivery failed for 3 days");
    await shootPage(page, "webhook-disabled-notification", () => item.scrollIntoViewIfNeeded());
    await item.click();
    await page.waitForURL(`${board}/settings`);
    await page.getByRole("heading", { name: "Webhooks" }).waitFor();
    expect(grace.problems).toEqual([]);
  });
});
