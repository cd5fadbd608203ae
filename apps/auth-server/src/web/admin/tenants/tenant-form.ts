import { html, nothing } from "lit";
import type { QrLogin, RegistrationAttachment, TenantView } from "../api.ts";
import { fill, t } from "../i18n.ts";

const words = t.tenantForm;

/** The choices of `registration_attachment`, as the dashboard words them. */
export const ATTACHMENT_LABELS: Record<RegistrationAttachment, string> = {
  auto: words.attachmentAuto,
  any: words.attachmentAny,
  platform: words.attachmentPlatform,
  "cross-platform": words.attachmentCrossPlatform,
};

/** The hint under a field the auth server's environment sets (read-only here). */
const setBy = (id: string, variable: string) =>
  html`<span class="hint" id=${id}
    >${fill(words.setBy, { variable: html`<span class="mono">${variable}</span>` })}</span
  >`;

type Declared = NonNullable<TenantView["set_by_environment"]>;

/** The tenant's name, and its RP ID when it is being created (it cannot change after). */
function identityFields(mode: "create" | "edit", tenant: TenantView | undefined) {
  return html`<div class="field">
      <label for="tenant-name">${words.name}</label>
      <input
        id="tenant-name"
        name="name"
        required
        maxlength="200"
        autocomplete="off"
        .defaultValue=${tenant?.name ?? ""}
      />
    </div>
    ${
      mode === "create"
        ? html`<div class="field">
            <label for="tenant-rp-id">${words.rpId}</label>
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
            <span class="hint" id="rp-id-hint">${words.rpIdHint}</span>
          </div>`
        : nothing
    }`;
}

/** Where its pages may be: read-only when the environment declares them. */
function originsField(tenant: TenantView | undefined, declared: Declared) {
  return html`<div class="field">
    <label for="tenant-origins">${words.origins}</label>
    <textarea
      id="tenant-origins"
      name="origins"
      rows="3"
      spellcheck="false"
      placeholder="https://acme.com&#10;https://app.acme.com"
      aria-describedby="origins-hint"
      ?readonly=${Boolean(declared.origins)}
      .defaultValue=${tenant?.origins.join("\n") ?? ""}
    ></textarea>
    ${
      declared.origins
        ? setBy("origins-hint", declared.origins)
        : html`<span class="hint" id="origins-hint">${words.originsHint}</span>`
    }
  </div>`;
}

/** Which authenticators new passkeys may be made on. */
function attachmentField(tenant: TenantView | undefined, declared: Declared) {
  return html`<div class="field">
    <label for="tenant-attachment">${words.newPasskeys}</label>
    <select
      id="tenant-attachment"
      name="registration_attachment"
      aria-describedby="attachment-hint"
      ?disabled=${Boolean(declared.registration_attachment)}
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
        : html`<span class="hint" id="attachment-hint">${words.attachmentHint}</span>`
    }
  </div>`;
}

/** The ways in it offers besides a passkey on this device. */
function signInFields(tenant: TenantView | undefined) {
  return html`<div class="field">
      <label for="tenant-qr-login">${words.qrLogin}</label>
      <select id="tenant-qr-login" name="qr_login" aria-describedby="qr-login-hint">
        <option value="on" ?selected=${(tenant?.qr_login ?? "on") === "on"}>${t.common.on}</option>
        <option value="off" ?selected=${tenant?.qr_login === "off"}>${t.common.off}</option>
      </select>
      <span class="hint" id="qr-login-hint">${words.qrLoginHint}</span>
    </div>
    ${onOffField({
      id: "tenant-self-signup",
      name: "self_signup",
      label: words.selfSignup,
      value: tenant?.self_signup ?? false,
      hint: words.selfSignupHint,
    })}
    ${onOffField({
      id: "tenant-password-login",
      name: "password_login",
      label: words.passwordLogin,
      value: tenant?.password_login ?? false,
      hint: words.passwordLoginHint,
    })}`;
}

/**
 * The fields of the "New tenant" and "Edit tenant" forms (the RP ID is set once, at creation). Fields
 * the auth server's environment sets (`set_by_environment`) are read-only; `readTenantForm` leaves
 * them out. The tenant's values are the fields' defaults (`defaultValue`, `selected`), never their
 * live values: a re-render (a refused save shows its reason) keeps what the person typed, and the
 * dialog's opener resets the form to them (`form.reset()`).
 */
export function tenantFields({ mode, tenant }: { mode: "create" | "edit"; tenant?: TenantView }) {
  const declared: Declared = mode === "edit" ? (tenant?.set_by_environment ?? {}) : {};
  return html`${identityFields(mode, tenant)} ${originsField(tenant, declared)}
  ${attachmentField(tenant, declared)} ${signInFields(tenant)}`;
}

/** A boolean setting as the QR setting shows it: a select of On and Off with a hint. */
function onOffField(field: { id: string; name: string; label: string; value: boolean; hint: string }) {
  return html`<div class="field">
    <label for=${field.id}>${field.label}</label>
    <select id=${field.id} name=${field.name} aria-describedby="${field.id}-hint">
      <option value="on" ?selected=${field.value}>${t.common.on}</option>
      <option value="off" ?selected=${!field.value}>${t.common.off}</option>
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

type EditableField =
  "name" | "origins" | "registration_attachment" | "qr_login" | "self_signup" | "password_login";

/** The edit form's values that differ from `tenant`: what a save asks to change (nothing: `{}`). */
export function tenantChanges(tenant: TenantView, form: ReturnType<typeof readTenantForm>) {
  const asked: Partial<Pick<TenantView, EditableField>> = {
    name: form.name,
    origins: form.origins,
    registration_attachment: form.registrationAttachment,
    qr_login: form.qrLogin,
    self_signup: form.selfSignup,
    password_login: form.passwordLogin,
  };
  return Object.fromEntries(
    Object.entries(asked).filter(
      ([field, value]) =>
        value !== undefined && JSON.stringify(value) !== JSON.stringify(tenant[field as EditableField]),
    ),
  ) as Partial<Pick<TenantView, EditableField>>;
}

/** The settings whose values differ between `before` and `after`, in the form's words. */
export function changedSettings(before: TenantView, after: TenantView): string[] {
  const labels: Record<EditableField, string> = {
    name: words.name,
    origins: words.origins,
    registration_attachment: words.newPasskeys,
    qr_login: words.qrLogin,
    self_signup: words.selfSignup,
    password_login: words.passwordLogin,
  };
  return (Object.keys(labels) as EditableField[])
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => labels[field]);
}
