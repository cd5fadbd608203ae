import { attachRealtime, runService, socketLimits, type Realtime } from "@org/service-kit";
import { createApp } from "./app.ts";
import { loadAuthEnv } from "./env.ts";
import { adminTenant } from "./services/admin-tenant.ts";
import { QrLiveStatus } from "./realtime/qr.ts";
import { ensureBootstrapTenant } from "./services/bootstrap-tenant.ts";

const env = loadAuthEnv();
const qrLive = new QrLiveStatus();
let realtime: Realtime | undefined;

void runService({
  name: "auth-server",
  env,
  async createApp(deps) {
    // The dashboard's built-in tenant, and the declared one, exist before the first request.
    await adminTenant({ db: deps.db, publicUrl: env.PUBLIC_URL });
    const config = env.bootstrapTenant;
    if (config) await ensureBootstrapTenant({ db: deps.db, logger: deps.logger, config });
    return createApp({ ...deps, qrLive });
  },
  onServer(server, { logger, metrics }) {
    // socket.io (namespace /qr); with REDIS_URL its events reach the watchers of every instance.
    // Each client IP may hold SOCKETS_PER_IP connections.
    realtime = attachRealtime(server, {
      redisUrl: env.REDIS_URL,
      adapterKey: "socket.io:auth-server",
      limits: socketLimits(env),
      logger,
      metrics,
    });
    qrLive.attach(realtime.io);
  },
  // Open websockets (the QR pages' /qr namespace) would keep the HTTP server's close() waiting.
  beforeClose: () => realtime?.disconnect(),
  onShutdown: async () => realtime?.close(),
});
