import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import {
  addMember,
  makeBoard,
  makeCard,
  makeColumn,
  makeProject,
  makeUser,
} from "../src/testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MB10 = 10 * 1024 * 1024;
const storedFiles = () => readdir(t.attachmentsDir);

describe("attachments", () => {
  it("uploads to a card, records the hash, downloads the exact bytes as a safe download, deletes", async () => {
    const { owner, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    const bytes = Buffer.from("<html><script>alert(1)</script></html>");
    const res = await owner.api
      .post(`/cards/${card.id}/attachments`)
      .attach("file", bytes, { filename: "rapport été.html", contentType: "text/html" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      filename: "rapport été.html",
      content_type: "text/html",
      size: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      card_id: card.id,
      comment_id: null,
      uploader_id: owner.user.id,
      created_at: expect.any(String),
    });
    const list = await owner.api.get(`/cards/${card.id}/attachments`);
    expect(list.body).toEqual({ data: [res.body], next_cursor: null });

    const download = await owner.api
      .get(`/attachments/${res.body.id}`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on("data", (chunk: Buffer) => chunks.push(chunk));
        r.on("end", () => cb(null, Buffer.concat(chunks)));
      });
    expect(download.status).toBe(200);
    expect(Buffer.compare(download.body as Buffer, bytes)).toBe(0);
    // filename* for clients that read RFC 8187, and a plain ASCII filename= for those (curl -OJ)
    // that do not.
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="rapport ete.html"; filename*=UTF-8''rapport%20%C3%A9t%C3%A9.html`,
    );
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
    expect(download.headers["content-security-policy"]).toBe("sandbox");

    expect(await storedFiles()).toHaveLength(1);
    expect((await owner.api.delete(`/attachments/${res.body.id}`)).status).toBe(204);
    expect(await storedFiles()).toHaveLength(0);
    expect((await owner.api.get(`/attachments/${res.body.id}`)).status).toBe(404);
  });

  it("uploads to a comment; deleting the card keeps its files in the trash, emptying the trash removes them", async () => {
    const { owner, project, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    const comment = (await owner.api.post(`/cards/${card.id}/comments`, { body: "see file" })).body;
    const res = await owner.api
      .post(`/comments/${comment.id}/attachments`)
      .attach("file", Buffer.from("x"), "x.txt");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ comment_id: comment.id, card_id: null, content_type: "text/plain" });
    expect((await owner.api.get(`/comments/${comment.id}/attachments`)).body.data).toHaveLength(1);
    expect(await storedFiles()).toHaveLength(1);
    await owner.api.delete(`/cards/${card.id}`).expect(204);
    // In the trash the card can be restored, files and all.
    expect(await storedFiles()).toHaveLength(1);
    await owner.api.delete(`/projects/${project.id}/trash`).expect(200);
    expect(await storedFiles()).toHaveLength(0);
  });

  it("exactly one field named file: none, another name or two files are validation_failed", async () => {
    const { owner, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    const path = `/cards/${card.id}/attachments`;
    const none = await owner.api.post(path).field("note", "x");
    const json = await owner.api.post(path, { file: "x" });
    const other = await owner.api.post(path).attach("upload", Buffer.from("x"), "x.txt");
    const two = await owner.api
      .post(path)
      .attach("file", Buffer.from("x"), "x.txt")
      .attach("file", Buffer.from("y"), "y.txt");
    for (const res of [none, json, other, two]) {
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe("validation_failed");
    }
    expect(await t.database.db.attachment.count()).toBe(0);
    expect(await storedFiles()).toHaveLength(0);
  });

  it("exactly 10 MB is accepted; 10 MB + 1 byte is payload_too_large and leaves no row and no file", async () => {
    const { owner, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    const tooBig = await owner.api
      .post(`/cards/${card.id}/attachments`)
      .attach("file", Buffer.alloc(MB10 + 1, 1), "big.bin");
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({
      error: { code: "payload_too_large", message: "Attachments are limited to 10 MB." },
    });
    expect(await t.database.db.attachment.count({ where: { cardId: card.id } })).toBe(0);
    expect(await storedFiles()).toEqual([]);

    const exact = await owner.api
      .post(`/cards/${card.id}/attachments`)
      .attach("file", Buffer.alloc(MB10, 2), "ok.bin");
    expect(exact.status).toBe(201);
    expect(exact.body.size).toBe(MB10);
    await owner.api.delete(`/attachments/${exact.body.id}`);
  });

  it("a viewer can download but not upload or delete; a stranger sees nothing", async () => {
    const { owner, project, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    const file = (
      await owner.api.post(`/cards/${card.id}/attachments`).attach("file", Buffer.from("z"), "z.txt")
    ).body;
    const viewer = await makeUser(t);
    await addMember(owner.api, project.id, viewer, "viewer");
    const stranger = await makeUser(t);
    expect((await viewer.api.get(`/attachments/${file.id}`)).status).toBe(200);
    const upload = await viewer.api
      .post(`/cards/${card.id}/attachments`)
      .attach("file", Buffer.from("v"), "v.txt");
    expect(upload.status).toBe(403);
    expect((await viewer.api.delete(`/attachments/${file.id}`)).status).toBe(403);
    expect((await stranger.api.get(`/attachments/${file.id}`)).status).toBe(404);
    expect((await stranger.api.get(`/cards/${card.id}/attachments`)).status).toBe(404);
    expect(await storedFiles()).toHaveLength(1);
  });
});

describe("attachment quotas (issue 28: uploads had no limit but 10 MB per file)", () => {
  it("a project, and a user across projects, hold at most their quota: beyond is 413 naming it, nothing kept", async () => {
    const limited = await createTestApp({
      ATTACHMENT_QUOTA_PROJECT_BYTES: "1000",
      ATTACHMENT_QUOTA_USER_BYTES: "1500",
    });
    try {
      const { owner, column } = await makeBoard(limited);
      const card = await makeCard(owner.api, column.id);
      const upload = (cardId: string, size: number) =>
        owner.api.post(`/cards/${cardId}/attachments`).attach("file", Buffer.alloc(size, 1), {
          filename: "f.bin",
          contentType: "application/octet-stream",
        });
      const first = await upload(card.id, 600);
      expect(first.status).toBe(201);
      const over = await upload(card.id, 401);
      expect(over.status).toBe(413);
      expect(over.body.error.code).toBe("payload_too_large");
      expect(over.body.error.message).toContain("limited to 1000 bytes in all");
      expect(over.body.error.message).toContain("ATTACHMENT_QUOTA_PROJECT_BYTES");
      expect((await upload(card.id, 400)).status).toBe(201); // exactly the quota
      const full = await upload(card.id, 1);
      expect(full.status).toBe(413);
      expect(await readdir(limited.attachmentsDir)).toHaveLength(2);

      // The user's quota counts every project they upload to.
      const other = await makeProject(owner.api, { name: "Other" });
      const otherColumn = await makeColumn(owner.api, other.id, { name: "Todo" });
      const otherCard = await makeCard(owner.api, otherColumn.id);
      expect((await upload(otherCard.id, 500)).status).toBe(201);
      const userOver = await upload(otherCard.id, 1);
      expect(userOver.status).toBe(413);
      expect(userOver.body.error.message).toContain("ATTACHMENT_QUOTA_USER_BYTES");
      expect(userOver.body.error.message).toContain("limited to 1500 bytes in all");

      // Deleting makes room again.
      expect((await owner.api.delete(`/attachments/${first.body.id}`)).status).toBe(204);
      expect((await upload(card.id, 600)).status).toBe(201);
      expect(await readdir(limited.attachmentsDir)).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });
});
