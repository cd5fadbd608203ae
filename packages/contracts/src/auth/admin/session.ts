// The dashboard's session: sign-in from an admin-tenant passkey login, sign-out, the CSRF token, and
// the invite link's user token (how an invited administrator registers their first passkey).
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { defineAuthOperations } from "../operations/spec.ts";
import { AdminSchema } from "./admins.ts";
import { api, read } from "./common.ts";

export const AdminSessionRequestSchema = z
  .object({ challengeId: StorableText.min(1).max(200) })
  .openapi("AdminSessionRequest");
export type AdminSessionRequest = z.infer<typeof AdminSessionRequestSchema>;

export const AdminSessionResponseSchema = z.object({ admin: AdminSchema }).openapi("AdminSession");
export type AdminSessionResponse = z.infer<typeof AdminSessionResponseSchema>;

export const CsrfTokenResponseSchema = z.object({ token: z.string() }).openapi("CsrfToken");
export type CsrfTokenResponse = z.infer<typeof CsrfTokenResponseSchema>;

/** `GET /admin/invite/user-token?code=`: what the invite page's `authkit-register` fetches. */
export const InviteCodeQuery = z.object({ code: StorableText.min(1).max(200) });
export const InviteUserTokenResponseSchema = z
  .object({ userToken: z.string() })
  .openapi("InviteUserTokenResponse");

/** Signing out without a live session (an ended one) only clears the cookie: no token to send. */
const LogoutCsrf = z.object({
  "x-csrf-token": z.string().optional().openapi({
    description: "The session's CSRF token, while the session is live; without it: forbidden (403).",
  }),
});

export const adminSessionOperations = defineAuthOperations([
  {
    method: "post",
    path: "/admin/session",
    operationId: "adminSignIn",
    summary:
      "Start a dashboard session from a passkey login of the admin tenant (completed in the last 5 minutes, " +
      "single use) by an administrator; sets the authkit_admin cookie (HttpOnly, SameSite=Strict, idle 30 min, " +
      "absolute 12 h).",
    security: [],
    body: AdminSessionRequestSchema,
    response: AdminSessionResponseSchema,
    noStore: true,
    errors: ["not_found", "forbidden"],
  },
  {
    method: "post",
    path: "/admin/logout",
    operationId: "adminLogout",
    summary: "End the dashboard session (revoked server-side) and clear its cookie.",
    security: ["adminSession"],
    headers: LogoutCsrf,
    status: 204,
    errors: ["forbidden"],
  },
  {
    method: "get",
    path: "/admin/invite/user-token",
    operationId: "getInviteUserToken",
    summary:
      "The invite page's assertion-url: spends the one-time invite (the same browser may retry for 10 minutes) " +
      "and answers a user token to register the administrator's passkey.",
    security: [],
    query: InviteCodeQuery,
    response: InviteUserTokenResponseSchema,
    noStore: true,
    errors: ["not_found"],
  },
  api({
    method: "get",
    path: "/csrf",
    operationId: "getCsrfToken",
    summary: "The session's CSRF token, to send as X-CSRF-Token.",
    response: CsrfTokenResponseSchema,
    errors: read,
  }),
]);
