import { createApiToken, listApiTokens, revokeToken } from "../services/tokens.ts";
import type { Implementations } from "./types.ts";

export const tokenImplementations = {
  list_tokens: (ctx, { query }) => listApiTokens({ ...ctx, query }),
  create_token: (ctx, { body }) => createApiToken({ ...ctx, name: body.name }),
  delete_token: (ctx, { params }) =>
    revokeToken({ db: ctx.db, match: { tokenId: params.token_id, userId: ctx.actor.id } }),
} satisfies Partial<Implementations>;
