import type { Handlers } from "../http/operation.ts";
import { createApiToken, listApiTokens, revokeToken } from "../services/tokens.ts";
import type { RouteDeps } from "./deps.ts";

type TokenOps = "list_tokens" | "create_token" | "delete_token";

export const tokenHandlers = ({ db }: RouteDeps): Pick<Handlers, TokenOps> => ({
  list_tokens: ({ actor, query }) => listApiTokens({ db, actor, query }),
  create_token: ({ actor, body }) => createApiToken({ db, actor, name: body.name }),
  delete_token: ({ actor, params }) => revokeToken({ db, match: { tokenId: params.id, userId: actor.id } }),
});
