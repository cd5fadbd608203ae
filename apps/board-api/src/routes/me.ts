import type { Handlers } from "../http/operation.ts";
import { getMe, updateMe } from "../services/users.ts";
import type { RouteDeps } from "./deps.ts";

export const meHandlers = ({ db }: RouteDeps): Pick<Handlers, "get_me" | "update_me"> => ({
  get_me: ({ actor }) => getMe({ db, actor }),
  update_me: ({ actor, body }) => updateMe({ db, actor, input: body }),
});
