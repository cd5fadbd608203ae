import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhookDeliveries,
  listWebhooks,
  retryWebhookDelivery,
  updateWebhook,
} from "../services/webhooks.ts";
import type { Implementations } from "./types.ts";

export const webhookImplementations = {
  list_webhooks: (ctx, { params, query }) => listWebhooks({ ...ctx, projectId: params.project_id, query }),
  create_webhook: (ctx, { params, body }) =>
    createWebhook({ ...ctx, projectId: params.project_id, input: body }),
  get_webhook: (ctx, { params }) => getWebhook({ ...ctx, webhookId: params.webhook_id }),
  update_webhook: (ctx, { params, body }) =>
    updateWebhook({ ...ctx, webhookId: params.webhook_id, input: body }),
  delete_webhook: (ctx, { params }) => deleteWebhook({ ...ctx, webhookId: params.webhook_id }),
  list_webhook_deliveries: (ctx, { params, query }) =>
    listWebhookDeliveries({ ...ctx, webhookId: params.webhook_id, query }),
  retry_webhook_delivery: (ctx, { params }) =>
    retryWebhookDelivery({ ...ctx, deliveryId: params.delivery_id }),
} satisfies Partial<Implementations>;
