import type { Handlers } from "../http/operation.ts";
import { getMe } from "../services/users.ts";
import type { RouteDeps } from "./deps.ts";

export const meHandlers = ({ db }: RouteDeps): Pick<Handlers, "get_me"> => ({
  get_me: ({ actor }) => getMe({ db, actor }),
});
