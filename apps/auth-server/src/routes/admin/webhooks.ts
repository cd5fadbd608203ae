// A tenant's webhook endpoints and their delivery log.
import { adminWebhookOperations, keyByOperationId } from "@org/contracts";
import { defineImplementations } from "@org/service-kit";
import type { AuthContext } from "../../context.ts";
import { actorOf } from "../../http/admin-session.ts";
import {
  addTenantWebhook,
  listTenantWebhookDeliveries,
  listTenantWebhooks,
  removeTenantWebhook,
  replayTenantDelivery,
} from "../../services/tenant-webhook-admin.ts";
import { tenantOf } from "./tenants.ts";

export const webhookImplementations = (ctx: AuthContext) =>
  defineImplementations(keyByOperationId(adminWebhookOperations))({
    listTenantWebhooks: async ({ params, query }) =>
      listTenantWebhooks(ctx, await tenantOf(ctx, params), query),
    addTenantWebhook: async ({ params, body }, { req }) =>
      addTenantWebhook(ctx, await tenantOf(ctx, params), body, actorOf(req)),
    removeTenantWebhook: ({ params }, { req }) =>
      removeTenantWebhook(ctx, params.webhook_id, undefined, actorOf(req)),
    listTenantWebhookDeliveries: ({ params, query }) =>
      listTenantWebhookDeliveries(ctx, params.webhook_id, query),
    replayTenantWebhookDelivery: ({ params }, { req }) =>
      replayTenantDelivery(ctx, params.delivery_id, actorOf(req)),
  });
