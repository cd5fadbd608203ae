// The mailer against a real SMTP server (smtp-server), not a mock.
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { AppError, mailSafeName, outboxMailer, smtpMailer } from "../src/index.ts";
import { startSmtpCatcher, type SmtpCatcher } from "../src/testing/index.ts";

let catcher: SmtpCatcher;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
});
afterAll(() => catcher.close());

describe("smtpMailer", () => {
  it("delivers through SMTP what a mail client then shows: sender, subject and text with whole links", async () => {
    const mailer = smtpMailer({ url: catcher.url, from: "Board <no-reply@board.example>" });
    try {
      expect(mailer.description).toBe(catcher.url);
      const link = `https://board.example/app/verify-email#${"x".repeat(120)}`;
      await mailer.send({ to: "ada@example.com", subject: "Confirm your email", text: `Open ${link}\n` });
      const mail = await catcher.waitFor("ada@example.com");
      expect(mail).toEqual({
        from: '"Board" <no-reply@board.example>',
        to: ["ada@example.com"],
        subject: "Confirm your email",
        text: `Open ${link}\n`,
      });
      expect(mailer.outbox()).toBeUndefined();
    } finally {
      mailer.close();
    }
  });

  it("never shows credentials, and a mail server that cannot be reached is 503 unavailable", async () => {
    // A port that accepts nothing: listen, note it, close.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const mailer = smtpMailer({ url: `smtp://user:secret@127.0.0.1:${port}`, from: "x@board.example" });
    try {
      expect(mailer.description).toBe(`smtp://127.0.0.1:${port}`);
      const failure = await mailer
        .send({ to: "a@example.com", subject: "s", text: "t" })
        .catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(AppError);
      expect(failure).toMatchObject({ code: "service_unavailable" });
      expect(String((failure as Error).message)).not.toContain("secret");
    } finally {
      mailer.close();
    }
  });
});

describe("outboxMailer", () => {
  it("keeps the last mails, newest first", async () => {
    const mailer = outboxMailer({ from: "dev@localhost", keep: 2 });
    for (const n of [1, 2, 3]) await mailer.send({ to: `u${n}@example.com`, subject: `m${n}`, text: "t" });
    expect(mailer.outbox()?.map((mail) => [mail.subject, mail.from])).toEqual([
      ["m3", "dev@localhost"],
      ["m2", "dev@localhost"],
    ]);
  });
});

describe("mailSafeName", () => {
  it("keeps an ordinary name, on one line and at most 40 characters", () => {
    expect(mailSafeName("  Ada Lovelace ")).toBe("Ada Lovelace");
    expect(mailSafeName("José Ñúñez-O'Brien")).toBe("José Ñúñez-O'Brien");
    expect(mailSafeName("J. R. R. Tolkien")).toBe("J. R. R. Tolkien");
    expect(mailSafeName("Ada\r\n\tLovelace\u2028\u200b!")).toBe("Ada Lovelace !");
    expect(mailSafeName("x".repeat(41))).toBe(`${"x".repeat(39)}…`);
    expect(mailSafeName("😀".repeat(50))).toBe(`${"😀".repeat(39)}…`);
    expect(mailSafeName(" \n ")).toBeUndefined();
  });

  it("quotes nothing that reads as a link, an address or markup", () => {
    for (const name of [
      "https://evil.example",
      "visit evil.example",
      "evil．example",
      "evil。example",
      "www.evil",
      "ada@evil.example",
      "<a href=x>click</a>",
      "[click](x)",
      "see example.com/login",
      "10.0.0.1",
    ])
      expect(mailSafeName(name)).toBeUndefined();
  });
});
