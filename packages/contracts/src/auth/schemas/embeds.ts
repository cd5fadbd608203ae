// The embed pages (`/auth-embed`, `/register-embed`) framed by a tenant's page.
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";

/** `GET /auth-embed?origin=` and `GET /register-embed?origin=`: the page that frames the embed. */
export const EmbedQuerySchema = z.object({
  origin: StorableText.min(1).max(2048).openapi({ description: "Origin of the page embedding the iframe." }),
  lang: z
    .string()
    .max(35)
    .optional()
    .openapi({ description: "The embedding element's language (en, de, fr, es): the page's <html lang>." }),
});
