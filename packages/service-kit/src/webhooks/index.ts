export { checkWebhookUrl, newWebhookSecret, webhookPolicy, type WebhookPolicy } from "./policy.ts";
export {
  DeliveryWorker,
  notifyDeliveries,
  sweepDeliveries,
  wakeDeliveries,
  type DeliveryWorkerOptions,
  type WebhookStore,
} from "./delivery-worker.ts";
export { DELIVERY_ATTEMPTS_SELECT, deliveryWire, requeueDelivery, type DeliveryRow } from "./delivery-log.ts";
