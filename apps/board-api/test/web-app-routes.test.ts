// Every URL the web app shows serves the app when reloaded, bookmarked or shared; an /app URL the
// app does not know serves it too (its not-found view) with status 404; the server's own paths
// under /app and /api/v1 keep their JSON 404s.
import { boardWebOperations, type BoardWebOperations } from "@org/contracts";
import { defineImplementations, type Implementations } from "@org/service-kit";
import request from "supertest";
import { createTestApp, type TestApp } from "../src/testing/app.ts";

// Every web operation has its handler (routes/web-auth.ts): one missing does not compile.
const { sign_out: _signOut, ...allButSignOut } = {} as Implementations<BoardWebOperations>;
// @ts-expect-error sign_out has no implementation
defineImplementations(boardWebOperations)(allButSignOut);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_SERVER_URL: "http://localhost:4999", AUTH_API_KEY: "ak_test" });
});
afterAll(() => t.close());

const id = "0190c1d2-5b1e-7c3a-9f00-1a2b3c4d5e6f";
const notFoundJson = (path: string) => ({
  error: { code: "not_found", message: `No route for GET ${path}.` },
});

describe("the web app's URLs", () => {
  it.each([
    "/app",
    "/app/",
    "/app/signin",
    "/app/signup",
    "/app/signup/passkey",
    "/app/account",
    "/app/account/",
    "/app/notifications",
    "/app/my-cards",
    `/app/projects/${id}?q=login&due=overdue`,
    `/app/projects/${id}`,
    `/app/projects/${id}/settings`,
    `/app/projects/${id}/cards/${id}`,
  ])("%s answers the app's page", async (path) => {
    const res = await request(t.app).get(path).expect(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.text).toContain("<board-app");
  });

  it.each(["/app/nowhere", "/app/projects/7", `/app/projects/${id}/cards`, "/app/account/settings"])(
    "%s, unknown to the app, answers its page (the not-found view) with 404",
    async (path) => {
      const res = await request(t.app).get(path).expect(404);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.text).toContain("<board-app");
    },
  );

  it.each(["/api/v1/nowhere", "/app/auth/nowhere", "/app/account/passkeys/x/y", "/app/assets/nope.js"])(
    "%s stays a JSON 404",
    async (path) => {
      const res = await request(t.app).get(path).expect(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      if (!path.startsWith("/app/assets")) expect(res.body).toEqual(notFoundJson(path));
    },
  );
});
