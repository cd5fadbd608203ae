import {
  attachRealtime,
  runService,
  socketLimits,
  sweepDeliveries,
  webhookPolicy,
  type Realtime,
} from "@org/service-kit";
import { createApp } from "./app.ts";
import { loadAuthEnv } from "./env.ts";
import { adminTenant } from "./services/admin-tenant.ts";
import { QrLiveStatus } from "./realtime/qr.ts";
import { ensureBootstrapTenant } from "./services/bootstrap-tenant.ts";
import { TENANT_WEBHOOK_STORE, TenantWebhookWorker } from "./services/tenant-webhooks.ts";

const env = loadAuthEnv();
const qrLive = new QrLiveStatus();
let realtime: Realtime | undefined;
/** Sends the tenants' webhook deliveries (every instance runs one; they never send one twice). */
let webhookWorker: TenantWebhookWorker | undefined;
/** Once a minute: forgets deliveries older than WEBHOOK_DELIVERY_RETENTION_DAYS. */
let sweeper: NodeJS.Timeout | undefined;

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
  onServer(server, { db, logger, metrics }) {
    webhookWorker = new TenantWebhookWorker({ db, logger, policy: webhookPolicy(env) }).start();
    sweeper = setInterval(() => {
      sweepDeliveries(db, TENANT_WEBHOOK_STORE, env.WEBHOOK_DELIVERY_RETENTION_DAYS).catch((error: unknown) =>
        logger.warn({ err: error }, "webhook delivery sweep failed"),
      );
    }, 60_000).unref();
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
  async onShutdown() {
    clearInterval(sweeper);
    await webhookWorker?.stop();
    await realtime?.close();
  },
});
