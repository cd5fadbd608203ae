import { getMe, updateMe } from "../services/users.ts";
import type { Implementations } from "./types.ts";

export const meImplementations = {
  get_me: (ctx) => getMe(ctx),
  update_me: (ctx, { body }) => updateMe({ ...ctx, input: body }),
} satisfies Partial<Implementations>;
