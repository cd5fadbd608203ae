import { html, nothing } from "lit";
import { live } from "lit/directives/live.js";
import type { QrLogin, RegistrationAttachment, TenantView } from "../api.ts";

/** The choices of `registration_attachment`, as the dashboard words them. */
export const ATTACHMENT_LABELS: Record<RegistrationAttachment, string> = {
  auto: "Decided by the SDK on each device",
  any: "Any: this device, a security key or a phone (default)",
  platform: "This device only (Touch ID, Windows Hello, a phone's own)",
  "cross-platform": "A security key or a phone only",
};

/** The hint under a field the auth server's environment sets (read-only here). */
const setBy = (id: string, variable: string) =>
  html`<span class="hint" id=${id}
    >Set by <span class="mono">${variable}</span> in the auth server's environment: change it there.</span
  >`;

/**
 * The fields of the "New tenant" and "Edit tenant" forms (the RP ID is set once, at creation). Fields
 * the auth server's environment sets (`set_by_environment`) are read-only; `readTenantForm` leaves
 * them out.
 */
export function tenantFields({ mode, tenant }: { mode: "create" | "edit"; tenant?: TenantView }) {
  const declared = mode === "edit" ? (tenant?.set_by_environment ?? {}) : {};
  return html`<div class="field">
      <label for="tenant-name">Name</label>
      <input
        id="tenant-name"
        name="name"
        required
        maxlength="200"
        autocomplete="off"
        .value=${live(tenant?.name ?? "")}
      />
    </div>
    ${
      mode === "create"
        ? html`<div class="field">
            <label for="tenant-rp-id">Relying-party ID</label>
            <input
              id="tenant-rp-id"
              name="rp_id"
              required
              maxlength="253"
              autocomplete="off"
              spellcheck="false"
              placeholder="acme.com"
              aria-describedby="rp-id-hint"
            />
            <span class="hint" id="rp-id-hint"
              >The domain passkeys are bound to: the site's domain or a parent of it. It cannot change
              later.</span
            >
          </div>`
        : nothing
    }
    <div class="field">
      <label for="tenant-origins">Allowed origins</label>
      <textarea
        id="tenant-origins"
        name="origins"
        rows="3"
        spellcheck="false"
        placeholder="https://acme.com&#10;https://app.acme.com"
        aria-describedby="origins-hint"
        ?readonly=${Boolean(declared.origins)}
        .value=${live(tenant?.origins.join("\n") ?? "")}
      ></textarea>
      ${
        declared.origins
          ? setBy("origins-hint", declared.origins)
          : html`<span class="hint" id="origins-hint"
              >One per line: scheme, host and port of the pages that sign in (they may call the browser API
              and frame the sign-in).</span
            >`
      }
    </div>
    <div class="field">
      <label for="tenant-attachment">New passkeys</label>
      <select
        id="tenant-attachment"
        name="registration_attachment"
        aria-describedby="attachment-hint"
        ?disabled=${Boolean(declared.registration_attachment)}
        .value=${live(tenant?.registration_attachment ?? "any")}
      >
        ${Object.entries(ATTACHMENT_LABELS).map(
          ([value, label]) =>
            html`<option value=${value} ?selected=${(tenant?.registration_attachment ?? "any") === value}>
              ${label}
            </option>`,
        )}
      </select>
      ${
        declared.registration_attachment
          ? setBy("attachment-hint", declared.registration_attachment)
          : html`<span class="hint" id="attachment-hint"
              >Where people may create passkeys. "Any" lets a laptop's built-in authenticator do it; the SDK's
              own choice asks desktops for a security key or a phone.</span
            >`
      }
    </div>
    <div class="field">
      <label for="tenant-qr-login">Sign-in with a phone (QR code)</label>
      <select
        id="tenant-qr-login"
        name="qr_login"
        aria-describedby="qr-login-hint"
        .value=${live(tenant?.qr_login ?? "on")}
      >
        <option value="on" ?selected=${(tenant?.qr_login ?? "on") === "on"}>On</option>
        <option value="off" ?selected=${tenant?.qr_login === "off"}>Off</option>
      </select>
      <span class="hint" id="qr-login-hint"
        >Off: the site's pages cannot start a QR sign-in (qr/start answers configuration_error).</span
      >
    </div>
    ${onOffField({
      id: "tenant-self-signup",
      name: "self_signup",
      label: "Self-service sign-up",
      value: tenant?.self_signup ?? false,
      hint: "On: <authkit-login> offers to create an account with a passkey; the auth server creates the user. Off: only your server creates users.",
    })}
    ${onOffField({
      id: "tenant-password-login",
      name: "password_login",
      label: "Password sign-in",
      value: tenant?.password_login ?? false,
      hint: "On: users that have a password may sign in with it (<authkit-login> shows a password field). Off: passkeys only.",
    })}`;
}

/** A boolean setting as the QR setting shows it: a select of On and Off with a hint. */
function onOffField(field: { id: string; name: string; label: string; value: boolean; hint: string }) {
  const value = field.value ? "on" : "off";
  return html`<div class="field">
    <label for=${field.id}>${field.label}</label>
    <select id=${field.id} name=${field.name} aria-describedby="${field.id}-hint" .value=${live(value)}>
      <option value="on" ?selected=${field.value}>On</option>
      <option value="off" ?selected=${!field.value}>Off</option>
    </select>
    <span class="hint" id="${field.id}-hint">${field.hint}</span>
  </div>`;
}

/** The form's values; those of read-only fields (set by the environment) are undefined. */
export function readTenantForm(form: HTMLFormElement, tenant?: TenantView) {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const declared = tenant?.set_by_environment ?? {};
  return {
    name: text("name"),
    rpId: text("rp_id"),
    origins: declared.origins
      ? undefined
      : text("origins")
          .split(/[\s,]+/)
          .filter(Boolean),
    registrationAttachment: declared.registration_attachment
      ? undefined
      : ((text("registration_attachment") || "any") as RegistrationAttachment),
    qrLogin: (text("qr_login") || "on") as QrLogin,
    selfSignup: text("self_signup") === "on",
    passwordLogin: text("password_login") === "on",
  };
}
