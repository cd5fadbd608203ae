export { checkWebhookUrl, newWebhookSecret, webhookPolicy, type WebhookPolicy } from "./policy.ts";
export {
  DeliveryWorker,
  notifyDeliveries,
  sweepDeliveries,
  wakeDeliveries,
  type DeliveryWorkerOptions,
  type WebhookStore,
} from "./delivery-worker.ts";
