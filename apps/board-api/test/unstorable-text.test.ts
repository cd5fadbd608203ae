// Text PostgreSQL cannot store (NUL, lone UTF-16 surrogates) is refused as validation_failed
// wherever it enters — body, path, query, multipart file name — and never reaches the database.
import { readdir } from "node:fs/promises";
import request from "supertest";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { makeBoard, makeCard } from "../src/testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NUL = "a\u0000b";
const LONE_SURROGATE = "a\ud800b";

function expectRefused(res: request.Response, path: string) {
  expect(res.status).toBe(422);
  expect(res.body.error.code).toBe("validation_failed");
  expect(res.body.error.details).toContainEqual({ path, message: expect.stringMatching(/NUL|surrogate/) });
}

describe("unstorable text", () => {
  it.each([
    ["a NUL", NUL],
    ["a lone surrogate", LONE_SURROGATE],
  ])("is validation_failed in JSON bodies (%s)", async (_label, value) => {
    const { owner, project, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    expectRefused(await owner.api.post("/projects", { name: value }), "name");
    expectRefused(
      await owner.api.patch(`/projects/${project.id}`, { repo_url: `https://x.test/${value}` }),
      "repo_url",
    );
    expectRefused(await owner.api.patch(`/cards/${card.id}`, { body: value }), "body");
    expectRefused(await owner.api.post(`/cards/${card.id}/comments`, { body: value }), "body");
    expectRefused(
      await owner.api.post(`/cards/${card.id}/plan`, { summary: "s", steps: ["ok", value] }),
      "steps.1",
    );
    expectRefused(
      await owner.api.post(`/cards/${card.id}/handoff`, { note: "n", work_phase: value }),
      "work_phase",
    );

    // Nothing was written.
    const projects = await owner.api.get("/projects");
    expect(projects.body.data.map((p: { name: string }) => p.name)).toEqual(["Project"]);
    const after = await owner.api.get(`/cards/${card.id}`);
    expect(after.body).toMatchObject({ body: "", plan: null, work_phase: null, claimed_by: null });
    expect((await owner.api.get(`/cards/${card.id}/comments`)).body.data).toEqual([]);
  });

  it("is validation_failed in a path parameter, also as malformed percent-encoding", async () => {
    const { owner } = await makeBoard(t);
    expectRefused(await owner.api.get("/cards/a%00b"), "card_id");
    const malformed = await owner.api.get("/cards/%ED%A0%80");
    expect(malformed.status).toBe(422);
    expect(malformed.body.error.code).toBe("validation_failed");
  });

  it("is validation_failed in a query string", async () => {
    const { owner } = await makeBoard(t);
    const res = await owner.api.get("/projects?cursor=a%00b");
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("validation_failed");
  });

  it("is validation_failed in a multipart file name, and stores no file", async () => {
    const { owner, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id);
    // Written by hand: form-data libraries escape or drop a NUL in a file name.
    const boundary = "----hostile";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''a%00b.txt\r\n` +
          "Content-Type: text/plain\r\n\r\nhello\r\n",
      ),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await request(t.app)
      .post(`/api/v1/cards/${card.id}/attachments`)
      .set("Authorization", `Bearer ${owner.api.token}`)
      .set("Content-Type", `multipart/form-data; boundary=${boundary}`)
      .send(body);
    expectRefused(res, "file");
    expect(await readdir(t.attachmentsDir)).toEqual([]);
    expect((await owner.api.get(`/cards/${card.id}/attachments`)).body.data).toEqual([]);
  });
});
