// Project webhooks: operations of the registry (see registry.ts).
import { listOf, ListQuery } from "../../pagination.ts";
import { pathParams } from "../schemas/common.ts";
import {
  CreatedWebhookSchema,
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookDeliverySchema,
  WebhookSchema,
} from "../schemas/webhooks.ts";
import {
  CREATE,
  defineOperations,
  DELETE,
  LIST_NOTE,
  READ,
  READ_ERRORS,
  ROLE_NOTE,
  UPDATE,
  WRITE_ERRORS,
} from "./spec.ts";

const ADMIN = `Needs admin. ${ROLE_NOTE}`;

export const webhookOperations = defineOperations({
  list_webhooks: {
    method: "get",
    path: "/projects/{project_id}/webhooks",
    summary: "List a project's webhooks",
    description: `The project's webhook endpoints (never their secrets). ${LIST_NOTE} ${ADMIN}`,
    group: "webhooks",
    params: pathParams({ project_id: "The project whose webhooks to list." }),
    query: ListQuery,
    response: listOf(WebhookSchema),
    status: 200,
    errors: [...READ_ERRORS, "forbidden", "validation_failed"],
    hints: READ,
  },
  create_webhook: {
    method: "post",
    path: "/projects/{project_id}/webhooks",
    summary: "Create a webhook",
    description:
      "POSTs the project's events to `url` (https; http only outside production; public addresses " +
      "only unless the server allows private ones), signed the Standard Webhooks way (headers " +
      "webhook-id, webhook-timestamp, webhook-signature; body: the event as wait_for_events lists " +
      "it). `events` limits the types (empty: all). The answer's `secret` (`whsec_…`) is shown once. " +
      "A non-2xx answer is retried after 5 s, 30 s, 2 min, 10 min, 1 h and 6 h. " +
      ADMIN,
    group: "webhooks",
    params: pathParams({ project_id: "The project whose events to send." }),
    body: CreateWebhookBody,
    response: CreatedWebhookSchema,
    status: 201,
    errors: WRITE_ERRORS,
    hints: CREATE,
  },
  get_webhook: {
    method: "get",
    path: "/webhooks/{webhook_id}",
    summary: "Get a webhook",
    description: `One webhook endpoint (never its secret). ${ADMIN}`,
    group: "webhooks",
    params: pathParams({ webhook_id: "The webhook to read." }),
    response: WebhookSchema,
    status: 200,
    errors: [...READ_ERRORS, "forbidden"],
    hints: READ,
  },
  update_webhook: {
    method: "patch",
    path: "/webhooks/{webhook_id}",
    summary: "Update a webhook",
    description:
      "Changes the URL, the event types or the description, or pauses (`enabled: false`: events " +
      "meanwhile are not queued for it, pending retries wait) and resumes it (`true`, which also " +
      `clears a server's disabling). ${ADMIN}`,
    group: "webhooks",
    params: pathParams({ webhook_id: "The webhook to change." }),
    body: UpdateWebhookBody,
    response: WebhookSchema,
    status: 200,
    errors: WRITE_ERRORS,
    hints: UPDATE,
  },
  delete_webhook: {
    method: "delete",
    path: "/webhooks/{webhook_id}",
    summary: "Delete a webhook",
    description: `Deletes the endpoint and its delivery log; nothing more is sent to it. ${ADMIN}`,
    group: "webhooks",
    params: pathParams({ webhook_id: "The webhook to delete." }),
    status: 204,
    errors: WRITE_ERRORS,
    hints: DELETE,
  },
  list_webhook_deliveries: {
    method: "get",
    path: "/webhooks/{webhook_id}/deliveries",
    summary: "List a webhook's deliveries",
    description:
      "The delivery log, newest first: each event sent (or to send), its status (pending, succeeded, " +
      "failed) and every attempt (status code, time taken, error). Finished deliveries are kept 30 " +
      `days. ${LIST_NOTE} ${ADMIN}`,
    group: "webhooks",
    params: pathParams({ webhook_id: "The webhook whose deliveries to list." }),
    query: ListQuery,
    response: listOf(WebhookDeliverySchema),
    status: 200,
    errors: [...READ_ERRORS, "forbidden", "validation_failed"],
    hints: READ,
  },
  retry_webhook_delivery: {
    method: "post",
    path: "/deliveries/{delivery_id}/retry",
    summary: "Send a delivery again",
    description:
      "Queues the delivery to be sent now (replay), whatever its status, with the same webhook-id " +
      "(receivers may dedupe on it) and a fresh retry schedule; one being sent this moment is " +
      `conflict. ${ADMIN}`,
    group: "webhooks",
    params: pathParams({ delivery_id: "The delivery to send again." }),
    response: WebhookDeliverySchema,
    status: 200,
    errors: [...WRITE_ERRORS, "conflict"],
    hints: { readOnly: false, destructive: false, idempotent: false },
  },
});
