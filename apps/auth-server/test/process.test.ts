import path from "node:path";
import { describeServiceProcess } from "@org/service-kit/testing";

// The tenant API counts requests per IP in Redis, then looks the API key up in the database.
const tenantCall = {
  method: "POST" as const,
  path: "/api/v1/session-token",
  headers: { "X-API-KEY": "ak_unknown" },
};

describeServiceProcess("auth-server", path.resolve(__dirname, ".."), {
  errorCodeOf: (body) => (body as { error_code: string }).error_code,
  databaseProbe: tenantCall,
  redisProbe: tenantCall,
  // Bodies are read after authentication; a QR start reads its (bounded) body first, because the
  // token it needs depends on the body's purpose.
  slowBodyPath: "/auth/v1/qr/start",
});
