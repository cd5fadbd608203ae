import os from "node:os";
import path from "node:path";
import { describeServiceProcess } from "@org/service-kit/testing";

// The tenant API counts requests per IP (in Redis when it can), then looks the API key up in the database.
const tenantCall = {
  method: "POST" as const,
  path: "/api/v1/session-token",
  headers: { "X-API-KEY": "ak_unknown" },
};

describeServiceProcess("auth-server", path.resolve(__dirname, ".."), {
  errorCodeOf: (body) => (body as { error_code: string }).error_code,
  databaseProbe: tenantCall,
  // With REDIS_URL, QR challenges live in Redis (the tenant API's rate limits fall back to memory).
  redisProbe: { method: "GET", path: "/auth/v1/qr/no-such-challenge/status" },
  outagePaths: ["/sdk/authkit.js", "/auth-embed?origin=https://board.example"],
  // A tenant whose embeds https://board.example may show.
  outageEnv: {
    BOOTSTRAP_TENANT_NAME: "board",
    BOOTSTRAP_TENANT_RP_ID: "board.example",
    BOOTSTRAP_TENANT_ORIGINS: "https://board.example",
    BOOTSTRAP_TENANT_API_KEY_FILE: path.join(os.tmpdir(), `auth-process-test-${process.pid}.key`),
  },
  // Bodies are read after authentication; a QR start reads its (bounded) body first, because the
  // token it needs depends on the body's purpose.
  slowBodyPath: "/auth/v1/qr/start",
});
