// The dashboard's client of /admin/api: same-origin fetch with the session cookie, the session's
// CSRF token on every change, the auth server's error envelope turned into ApiError. A 401 means
// the session ended (idle, expired, revoked): back to the sign-in page.
import type {
  Admin,
  AdminInvite,
  AdminPasskey,
  AuditEvent,
  AuditEventType,
  CreateTenantRequest,
  ListPage,
  OwnPasskey,
  QrLogin,
  RegisterStartResponse,
  RegistrationAttachment,
  TenantUser,
  TenantView,
  TenantWithKey,
  UpdateTenantRequest,
} from "@org/contracts";

export type {
  Admin,
  AdminInvite,
  AdminPasskey,
  AuditEvent,
  AuditEventType,
  ListPage,
  OwnPasskey,
  QrLogin,
  RegistrationAttachment,
  TenantUser,
  TenantView,
};

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 0,
    readonly details: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

let csrfToken: Promise<string> | undefined;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") headers["X-CSRF-Token"] = await csrf();
  let response: Response;
  try {
    response = await fetch(`/admin/api${path}`, {
      method,
      headers,
      credentials: "same-origin",
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new ApiError("server_unreachable", "Can't reach the server. Check your connection and try again.");
  }
  if (response.status === 401) {
    location.assign("/?signed-out=expired");
    throw new ApiError("unauthenticated", "Your session ended. Sign in again.", 401);
  }
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => null)) as
    (T & { error_code?: string; error?: string; details?: ApiError["details"] }) | null;
  if (!response.ok) {
    throw new ApiError(
      data?.error_code ?? "server_error",
      data?.error ?? `The server answered ${response.status}.`,
      response.status,
      data?.details ?? [],
    );
  }
  return data as T;
}

function csrf(): Promise<string> {
  csrfToken ??= call<{ token: string }>("GET", "/csrf").then(
    ({ token }) => token,
    (error: unknown) => {
      csrfToken = undefined;
      throw error;
    },
  );
  return csrfToken;
}

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
};
const seg = encodeURIComponent;

export interface AuditFilter {
  tenant_id?: string;
  type?: AuditEventType;
  from?: string;
  to?: string;
}

export const api = {
  tenants: {
    list: (cursor?: string, limit = 50) =>
      call<ListPage<TenantView>>("GET", `/tenants${query({ cursor, limit })}`),
    create: (body: CreateTenantRequest) => call<TenantWithKey>("POST", "/tenants", body),
    get: (id: string) => call<TenantView>("GET", `/tenants/${seg(id)}`),
    update: (id: string, body: UpdateTenantRequest) => call<TenantView>("PATCH", `/tenants/${seg(id)}`, body),
    setDisabled: (id: string, disabled: boolean) =>
      call<TenantView>("POST", `/tenants/${seg(id)}/${disabled ? "disable" : "enable"}`),
    rotateKey: (id: string) => call<TenantWithKey>("POST", `/tenants/${seg(id)}/rotate-key`),
  },
  users: {
    list: (tenantId: string, q?: string, cursor?: string) =>
      call<ListPage<TenantUser>>("GET", `/tenants/${seg(tenantId)}/users${query({ q, cursor, limit: 25 })}`),
    setDisabled: (tenantId: string, externalId: string, disabled: boolean) =>
      call<TenantUser>(
        "POST",
        `/tenants/${seg(tenantId)}/users/${seg(externalId)}/${disabled ? "disable" : "enable"}`,
      ),
    passkeys: (tenantId: string, externalId: string) =>
      call<ListPage<AdminPasskey>>("GET", `/tenants/${seg(tenantId)}/users/${seg(externalId)}/passkeys`),
  },
  passkeys: {
    delete: (id: string) => call<void>("DELETE", `/passkeys/${seg(id)}`),
  },
  audit: {
    list: (filter: AuditFilter, cursor?: string) =>
      call<ListPage<AuditEvent>>("GET", `/audit${query({ ...filter, cursor, limit: 50 })}`),
  },
  admins: {
    list: (cursor?: string) => call<ListPage<Admin>>("GET", `/admins${query({ cursor })}`),
    invite: (email: string, name: string) => call<AdminInvite>("POST", "/admins", { email, name }),
    remove: (id: string) => call<void>("DELETE", `/admins/${seg(id)}`),
  },
  /** The signed-in administrator's own passkeys. */
  me: {
    passkeys: () => call<ListPage<OwnPasskey>>("GET", "/me/passkeys"),
    startPasskey: (name?: string) =>
      call<RegisterStartResponse>("POST", "/me/passkeys/register/start", name ? { name } : {}),
    finishPasskey: (body: { challengeId: string; credential: unknown }) =>
      call<OwnPasskey>("POST", "/me/passkeys/register/finish", body),
    removePasskey: (id: string) => call<void>("DELETE", `/me/passkeys/${seg(id)}`),
  },
  /** Ends the session server-side; the caller then leaves the dashboard. */
  async signOut(): Promise<void> {
    const response = await fetch("/admin/logout", {
      method: "POST",
      headers: { "X-CSRF-Token": await csrf() },
      credentials: "same-origin",
    });
    if (!response.ok && response.status !== 401) throw new ApiError("server_error", "Signing out failed.");
  },
};

/** A message for the person: the server's, with the fields it names. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return "Something went wrong. Try again.";
  if (!error.details.length) return error.message;
  return error.details
    .map((detail) => (detail.path ? `${detail.path}: ${detail.message}` : detail.message))
    .join(" · ");
}
