// The dashboard's client of /admin/api: its operations called by operationId, typed from the admin
// operations in @org/contracts, on the web kit's fetch client: the session's CSRF token on every
// change, the auth server's error envelope turned into ApiError, a 401 back to sign-in.
import type { AuditEventType, AuthAdminOperations, KeyedByOperationId } from "@org/contracts";
import {
  ApiError,
  createApiClient,
  errorMessage as serverMessage,
  queryString,
  type ErrorDetail,
} from "@org/web-kit/api-client";
import { createOperationClient, type UnderBase } from "@org/web-kit/operation-client";
import routes from "./operations.at-build.ts";
import { format, t } from "./i18n.ts";

export { ApiError } from "@org/web-kit/api-client";
export type {
  Admin,
  AdminPasskey,
  AdminTenantUser,
  AuditEvent,
  AuditEventType,
  ListPage,
  OwnPasskey,
  QrLogin,
  RegistrationAttachment,
  TenantEventType,
  TenantUser,
  TenantView,
  TenantWebhook,
  TenantWebhookDelivery,
  UserSession,
} from "@org/contracts";

/** The auth server's error envelope: `{ error_code, error, details? }`. */
interface AuthErrorBody {
  error_code?: string;
  error?: string;
  details?: ErrorDetail[];
}

let csrfToken: Promise<string> | undefined;

/** The operations of /admin/api, by operationId. */
export type AdminApiOperations = UnderBase<KeyedByOperationId<AuthAdminOperations>, "/admin/api">;

/** An /admin/api operation by operationId: `call("getTenant", { params: { tenant_id } })`. */
export const call = createOperationClient<AdminApiOperations>(
  createApiClient({
    base: "/admin/api",
    headers: { Accept: "application/json" },
    csrfToken: () => csrf(),
    // The session ended (idle, expired, revoked): back to the sign-in page.
    onUnauthorized: () => location.assign("/?signed-out=expired"),
    readError(status, body) {
      if (status === 401) return new ApiError(401, "unauthenticated", t.common.sessionEnded);
      const data = body as AuthErrorBody | undefined;
      return new ApiError(
        status,
        data?.error_code ?? "server_error",
        data?.error ?? format(t.common.serverAnswered, { status }),
        data?.details ?? [],
      );
    },
    unreachable: () => new ApiError(0, "server_unreachable", t.common.unreachable),
  }),
  routes,
);

/**
 * A message for the person: the server's (English by contract), with the fields it names; the
 * dashboard's own words for anything else.
 */
export const errorMessage = (error: unknown): string =>
  error instanceof ApiError ? serverMessage(error) : t.common.somethingWentWrong;

function csrf(): Promise<string> {
  csrfToken ??= call("getCsrfToken").then(
    ({ token }) => token,
    (error: unknown) => {
      csrfToken = undefined;
      throw error;
    },
  );
  return csrfToken;
}

export interface AuditFilter {
  tenant_id?: string;
  type?: AuditEventType;
  user_id?: string;
  admin_id?: string;
  from?: string;
  to?: string;
}

/** The CSV export of `filter` (a download link: the session cookie goes with it). */
export const auditExportUrl = (filter: AuditFilter) => `/admin/api/audit/export${queryString({ ...filter })}`;

/** Ends the session server-side (/admin/logout, outside /admin/api); the caller then leaves the dashboard. */
export async function signOut(): Promise<void> {
  const response = await fetch("/admin/logout", {
    method: "POST",
    headers: { "X-CSRF-Token": await csrf() },
    credentials: "same-origin",
  });
  if (!response.ok && response.status !== 401) throw new ApiError(0, "server_error", t.app.signOutFailed);
}
