// Query numbers are strict base-10 integers: scientific, hex, signed, padded and decimal text is
// validation_failed, not a number.
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { makeBoard } from "../src/testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("query numbers", () => {
  it.each(["1e2", "0x10", "+7", "%205", "5%20", "5.0", "", "Infinity"])(
    "limit=%s is validation_failed",
    async (limit) => {
      const { owner } = await makeBoard(t);
      const res = await owner.api.get(`/projects?limit=${limit}`);
      expect(res.status).toBe(422);
      expect(res.body.error).toEqual({
        code: "validation_failed",
        message: "Request is invalid.",
        details: [{ path: "limit", message: expect.any(String) }],
      });
    },
  );

  it("plain digits are numbers, in every list and in the rot report", async () => {
    const { owner, project } = await makeBoard(t);
    expect((await owner.api.get("/projects?limit=7")).status).toBe(200);
    expect((await owner.api.get(`/projects/${project.id}/members?limit=200`)).status).toBe(200);
    expect((await owner.api.get(`/projects/${project.id}/rot?stale_hours=12`)).status).toBe(200);
    for (const hours of ["1.5", "1e1", "0x10", "-3"]) {
      const res = await owner.api.get(`/projects/${project.id}/rot?stale_hours=${hours}`);
      expect(res.status).toBe(422);
      expect(res.body.error.details).toEqual([{ path: "stale_hours", message: expect.any(String) }]);
    }
  });
});
