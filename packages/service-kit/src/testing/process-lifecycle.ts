import { mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { createTestDatabase, type TestDatabase } from "@org/db/testing";
import { spawnService } from "./spawn-service.ts";

/** Sends a POST whose body arrives in two parts, `gapMs` apart; resolves with status and body. */
function postInTwoParts(url: string, onFirstPart: () => void, gapMs = 300) {
  const body = JSON.stringify({ name: "in flight" });
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: "POST", headers: { "Content-Type": "application/json", "Content-Length": body.length } },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.write(body.slice(0, 5));
    setTimeout(onFirstPart, 50);
    setTimeout(() => req.end(body.slice(5)), gapMs);
  });
}

/**
 * The process-level checks both services must pass: /healthz on PostgreSQL and on the embedded
 * database, and a graceful SIGTERM/SIGINT that lets an in-flight request finish and exits 0.
 * `errorCodeOf` reads the error code from the service's envelope.
 */
export function describeServiceProcess(
  name: string,
  appDir: string,
  errorCodeOf: (body: unknown) => unknown,
) {
  describe(`${name} process`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database.drop());

    it("serves /healthz on PostgreSQL and stops on SIGTERM after finishing an in-flight request", async () => {
      const service = await spawnService(appDir, { DATABASE_URL: database.url });
      expect(await (await fetch(`${service.url}/healthz`)).json()).toEqual({ status: "ok" });

      const response = await postInTwoParts(`${service.url}/api/v1/in-flight`, () => service.kill("SIGTERM"));
      // The request begun before SIGTERM completes normally (no such route: the 404 envelope).
      expect(response.status).toBe(404);
      expect(errorCodeOf(JSON.parse(response.body))).toBe("not_found");
      expect(await service.exited).toBe(0);
      await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
      expect(service.output()).toContain('"msg":"stopped"');
    });

    it("serves /healthz on the embedded database when DATABASE_URL is empty", async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), `${name}-data-`));
      try {
        const service = await spawnService(appDir, { DATABASE_URL: "", DATA_DIR: dataDir });
        const res = await fetch(`${service.url}/healthz`);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ status: "ok" });
        service.kill("SIGINT");
        expect(await service.exited).toBe(0);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  });
}
