import { createDb, notify, subscribe, type Db } from "../src/index.ts";
import { createTestDatabase, type TestDatabase } from "../src/testing/index.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("subscribe and notify", () => {
  it("deliver a notification from another client, and one sent in a transaction only at commit", async () => {
    const other: Db = createDb({ url: t.url, maxConnections: 1 });
    try {
      const received: string[] = [];
      const subscription = subscribe(t.db, "test_channel", {
        message: (payload) => received.push(payload),
        reset: () => received.push("reset"),
      });
      await until(() => subscription.listening, "LISTEN");

      await notify(other, "test_channel", "first");
      await until(() => received.length === 1, "the first notification");
      expect(received).toEqual(["first"]);

      await other.$transaction(async (tx) => {
        await notify(tx, "test_channel", "second");
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(received).toEqual(["first"]); // not before the commit
      });
      await until(() => received.length === 2, "the notification sent in a transaction");
      expect(received).toEqual(["first", "second"]);
    } finally {
      await other.$disconnect();
    }
  });

  it("resets the subscribers when the listening connection drops, and listens again", async () => {
    const events: string[] = [];
    const subscription = subscribe(t.db, "drop_channel", {
      message: (payload) => events.push(payload),
      reset: () => events.push("reset"),
    });
    await until(() => subscription.listening, "LISTEN");
    await t.db.$executeRaw`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE 'LISTEN%'`;
    await until(() => events.includes("reset"), "the reset");
    expect(subscription.listening).toBe(false);
    await until(() => subscription.listening, "LISTEN again");
    await notify(t.db, "drop_channel", "after");
    await until(() => events.includes("after"), "a notification after reconnecting");
  });

  it("says when LISTEN is in effect again, and stops calling handlers that unsubscribed", async () => {
    const events: string[] = [];
    const subscription = subscribe(t.db, "resume_channel", {
      message: (payload) => events.push(payload),
      reset: () => events.push("reset"),
      resumed: () => events.push("resumed"),
    });
    await until(() => events.includes("resumed"), "the first LISTEN");
    expect(subscription.listening).toBe(true);
    await t.db.$executeRaw`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE 'LISTEN%'`;
    await until(() => events.filter((event) => event === "resumed").length === 2, "LISTEN again");
    expect(events).toEqual(["resumed", "reset", "resumed"]);
    subscription.unsubscribe();
    await notify(t.db, "resume_channel", "unheard");
    const control: string[] = [];
    const second = subscribe(t.db, "resume_channel", { message: (p) => control.push(p), reset: () => {} });
    await notify(t.db, "resume_channel", "heard");
    await until(() => control.includes("heard"), "the second subscriber's notification");
    expect(events).not.toContain("unheard");
    second.unsubscribe();
  });

  it("never reports listening on a client made without notifications (the embedded database's)", async () => {
    const db = createDb({ url: t.url, maxConnections: 1, notifications: false });
    try {
      const received: string[] = [];
      const subscription = subscribe(db, "test_channel", {
        message: (p) => received.push(p),
        reset: () => {},
      });
      await notify(db, "test_channel", "unheard");
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(subscription.listening).toBe(false);
      expect(received).toEqual([]);
    } finally {
      await db.$disconnect();
    }
  });
});
