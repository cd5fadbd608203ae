// API tokens (the account service): operations of the registry (see registry.ts).
import { listOf, ListQuery } from "../../pagination.ts";
import { pathParams } from "../schemas/common.ts";
import { ApiTokenSchema, CreateApiTokenBody, CreatedApiTokenSchema } from "../schemas/tokens.ts";
import { BASE, CREATE, defineOperations, DELETE, LIST_NOTE, READ, READ_ERRORS } from "./spec.ts";

export const tokenOperations = defineOperations({
  list_tokens: {
    method: "get",
    path: "/tokens",
    summary: "List your API tokens",
    description:
      "The caller's own live (not revoked) API tokens, newest first, with their names and when a request " +
      `last used them; never the secrets. ${LIST_NOTE}`,
    group: "tokens",
    query: ListQuery,
    response: listOf(ApiTokenSchema),
    status: 200,
    errors: [...BASE, "validation_failed"],
    hints: READ,
  },
  create_token: {
    method: "post",
    path: "/tokens",
    summary: "Create an API token",
    description:
      "Creates an API token named `name` (1..100 characters) acting as the caller, with the caller's " +
      "roles. The answer carries the secret `token` once: it is stored only as a hash and never shown " +
      "again. Tokens do not expire; revoke them with delete_token. Only the web app's session creates " +
      "tokens (and `cli token create`): with a bearer token, MCP included, it is forbidden, so a leaked " +
      "token cannot make copies of itself that outlive its revocation.",
    group: "tokens",
    body: CreateApiTokenBody,
    response: CreatedApiTokenSchema,
    status: 201,
    errors: [...BASE, "forbidden", "validation_failed"],
    hints: CREATE,
  },
  delete_token: {
    method: "delete",
    path: "/tokens/{token_id}",
    summary: "Revoke an API token",
    description:
      "Revokes one of the caller's tokens: when this answers, every instance of the service refuses it " +
      "(the request that revokes the token it uses still completes; answering may take up to a second " +
      "while other instances' caches expire), and live sockets that authenticated with it are disconnected. " +
      "Another user's token, or one already revoked, is not_found.",
    group: "tokens",
    params: pathParams({ token_id: "The token to revoke (from list_tokens)." }),
    status: 204,
    errors: READ_ERRORS,
    hints: DELETE,
  },
});
