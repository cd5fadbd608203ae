import path from "node:path";
import { createTestDatabase } from "@org/db/testing";
import { describeServiceProcess, spawnService } from "@org/service-kit/testing";
import { createUser } from "../src/services/users.ts";
import { connect } from "../src/testing/live.ts";

const appDir = path.resolve(__dirname, "..");

describeServiceProcess("board-api", appDir, {
  errorCodeOf: (body) => (body as { error: { code: string } }).error.code,
  // A token is looked up in the database. Redis holds only rate limits (they fall back to memory).
  databaseProbe: { method: "GET", path: "/api/v1/projects", headers: { Authorization: "Bearer bt_unknown" } },
  outagePaths: ["/app"],
  // /api/v1 authenticates before it reads a body; sign-in reads it after its rate limit.
  slowBodyPath: "/app/auth/signin",
});

describe("board-api process with live clients", () => {
  it("SIGTERM ends open socket.io connections and exits 0", async () => {
    const database = await createTestDatabase();
    try {
      const { token } = await createUser({ db: database.db, email: "live@example.com", name: "Live" });
      const service = await spawnService(appDir, { DATABASE_URL: database.url });
      const live = await connect(service.url, token);
      const disconnected = new Promise((resolve) => live.socket.once("disconnect", resolve));
      service.kill("SIGTERM");
      expect(await service.exited).toBe(0);
      await disconnected;
      expect(live.socket.connected).toBe(false);
    } finally {
      await database.drop();
    }
  });
});
