// The caller: operations of the registry (see registry.ts).
import { UpdateMeBody, UserSchema } from "../schemas/me.ts";
import { BASE, defineOperations, READ, UPDATE } from "./spec.ts";

export const meOperations = defineOperations({
  get_me: {
    method: "get",
    path: "/me",
    summary: "The current user",
    description:
      "Returns the user the request acts as (the API token's owner, or the web app's signed-in user), " +
      "with the `handle` that @mentions in the web app name.",
    group: "me",
    response: UserSchema,
    status: 200,
    errors: BASE,
    hints: READ,
  },
  update_me: {
    method: "patch",
    path: "/me",
    summary: "Change your name or handle",
    description:
      "Sets `name` and/or `handle` (2..32 lower-case letters, digits, `_` or `-`, starting with a letter or " +
      "digit). A handle someone else has is conflict.",
    group: "me",
    body: UpdateMeBody,
    response: UserSchema,
    status: 200,
    errors: [...BASE, "validation_failed", "conflict"],
    hints: UPDATE,
  },
});
