import {
  AUDIT_EVENT_TYPES,
  CreateTenantWebhookRequestSchema,
  InviteAdminRequestSchema,
  QrLoginSchema,
  REGISTRATION_ATTACHMENTS,
  RegistrationAttachmentSchema,
  TENANT_EVENT_TYPES,
  type AuditEventType,
  type QrLogin,
  type RegistrationAttachment,
} from "@org/contracts";
import type { Db } from "@org/db";
import { runCli, ValidationError, withCliDatabase, type CliCommand } from "@org/service-kit";
import { loadAuthEnv } from "./env.ts";
import { inviteAdmin, listAdmins, removeAdmin } from "./services/admins.ts";
import { listAudit } from "./services/audit.ts";
import { RETIRED_KEY_PUBLISHED_MS, rotateSigningKey } from "./services/signing-keys.ts";
import {
  addTenantWebhook,
  listTenantWebhooks,
  removeTenantWebhook,
} from "./services/tenant-webhook-admin.ts";
import {
  createTenant,
  getTenant,
  listTenants,
  rotateTenantKey,
  setTenantDisabled,
  tenantView,
  updateTenant,
  wellKnownFor,
} from "./services/tenants.ts";

type Values = Parameters<CliCommand["run"]>[0];

// The environment is read inside a command, so a bad value is a one-line CLI error like any other.
const withDb = <T>(work: (db: Db) => Promise<T>) => withCliDatabase(loadAuthEnv(), "auth-server", work);
/** What the admin services need: the database, PUBLIC_URL (links, the admin tenant), the clock. */
const withAdminCtx = <T>(
  work: (ctx: { db: Db; env: ReturnType<typeof loadAuthEnv>; now: () => number }) => Promise<T>,
) => {
  const env = loadAuthEnv();
  return withCliDatabase(env, "auth-server", (db) => work({ db, env, now: Date.now }));
};

const text = (values: Values, name: string): string | undefined => {
  const value = values[name];
  return typeof value === "string" ? value : undefined;
};
const required = (values: Values, name: string): string => {
  const value = text(values, name);
  if (!value) throw new ValidationError(`--${name} is required.`);
  return value;
};
const list = (values: Values, name: string): string[] | undefined => {
  const value = values[name];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : undefined;
};
/** `--registration-attachment`, checked against the contract's values. */
const attachment = (values: Values): RegistrationAttachment | undefined => {
  const value = text(values, "registration-attachment");
  if (value === undefined) return undefined;
  const parsed = RegistrationAttachmentSchema.safeParse(value);
  if (!parsed.success) {
    throw new ValidationError(
      `--registration-attachment must be one of ${REGISTRATION_ATTACHMENTS.join(", ")}.`,
    );
  }
  return parsed.data;
};
/** `--qr-login on|off`. */
const qrLogin = (values: Values): QrLogin | undefined => {
  const value = text(values, "qr-login");
  if (value === undefined) return undefined;
  const parsed = QrLoginSchema.safeParse(value);
  if (!parsed.success) throw new ValidationError("--qr-login must be on or off.");
  return parsed.data;
};

/** `--self-signup on|off`, `--password-login on|off` (the QR setting's words), as a boolean. */
const onOff = (values: Values, name: "self-signup" | "password-login"): boolean | undefined => {
  const value = text(values, name);
  if (value === undefined) return undefined;
  if (value !== "on" && value !== "off") throw new ValidationError(`--${name} must be on or off.`);
  return value === "on";
};

/**
 * The built-in admin tenant follows PUBLIC_URL, signs in without QR codes and has no usable API
 * key (one could mint user tokens for administrators): not edited here.
 */
async function assertCustomerTenant(db: Db, id: string): Promise<void> {
  const builtIn = /^[0-9a-f-]{36}$/i.test(id)
    ? await db.authBuiltInTenant.findUnique({ where: { tenantId: id } })
    : null;
  if (builtIn) {
    throw new ValidationError(
      "The built-in admin tenant is not edited: it follows PUBLIC_URL, and administrators are managed with `admin invite` and `admin remove`.",
    );
  }
}
const idOption = { id: { type: "string" } } as const;

/** Commands taking a tenant id: `tenant disable <id>` or `tenant disable --id <id>`. */
function withId(command: Omit<CliCommand, "options">): CliCommand {
  return { ...command, options: idOption };
}

// `tenant disable <id>`, `tenant webhook list <id>`, `admin remove <id or email>`: runCli takes
// options only, so a bare value after the command becomes --id.
const argv = process.argv.slice(2);
const takesId = argv[0] === "tenant" || (argv[0] === "admin" && argv[1] === "remove");
const idAt = argv[0] === "tenant" && argv[1] === "webhook" ? 3 : 2;
if (takesId && argv[idAt] && !argv[idAt].startsWith("-")) argv.splice(idAt, 0, "--id");

void runCli(
  "cli",
  {
    migrate: {
      summary: "Apply pending database migrations",
      run: () => withDb(async () => ({ migrated: true })),
    },
    "tenant create": {
      summary:
        "--name N --rp-id R [--origin O ...] [--registration-attachment auto|any|platform|cross-platform] [--qr-login on|off] [--self-signup on|off] [--password-login on|off]: create a tenant (self-signup and password-login off unless given); prints its API key once",
      options: {
        name: { type: "string" },
        "rp-id": { type: "string" },
        origin: { type: "string", multiple: true },
        "registration-attachment": { type: "string" },
        "qr-login": { type: "string" },
        "self-signup": { type: "string" },
        "password-login": { type: "string" },
      },
      run: (values) =>
        withDb(async (db) => {
          const { tenant, apiKey } = await createTenant({
            db,
            name: required(values, "name"),
            rpId: required(values, "rp-id"),
            origins: list(values, "origin") ?? [],
            registrationAttachment: attachment(values),
            qrLogin: qrLogin(values),
            selfSignup: onOff(values, "self-signup"),
            passwordLogin: onOff(values, "password-login"),
          });
          const { id, name, rp_id, origins, registration_attachment, qr_login, self_signup, password_login } =
            tenantView(tenant);
          return {
            tenant: {
              id,
              name,
              rp_id,
              origins,
              registration_attachment,
              qr_login,
              self_signup,
              password_login,
            },
            apiKey,
          };
        }),
    },
    "tenant update": {
      summary:
        "<id> [--name N] [--origin O ... (replaces the list)] [--add-origin O ...] [--remove-origin O ...] [--registration-attachment auto|any|platform|cross-platform] [--qr-login on|off] [--self-signup on|off] [--password-login on|off]: change a tenant",
      options: {
        ...idOption,
        name: { type: "string" },
        origin: { type: "string", multiple: true },
        "add-origin": { type: "string", multiple: true },
        "remove-origin": { type: "string", multiple: true },
        "registration-attachment": { type: "string" },
        "qr-login": { type: "string" },
        "self-signup": { type: "string" },
        "password-login": { type: "string" },
      },
      run: (values) =>
        withDb(async (db) => {
          const changes = {
            name: text(values, "name"),
            origins: list(values, "origin"),
            addOrigins: list(values, "add-origin"),
            removeOrigins: list(values, "remove-origin"),
            registrationAttachment: attachment(values),
            qrLogin: qrLogin(values),
            selfSignup: onOff(values, "self-signup"),
            passwordLogin: onOff(values, "password-login"),
          };
          if (Object.values(changes).every((value) => value === undefined)) {
            throw new ValidationError(
              "Nothing to change: give --name, --origin, --add-origin, --remove-origin, --registration-attachment, --qr-login, --self-signup or --password-login.",
            );
          }
          const id = required(values, "id");
          await assertCustomerTenant(db, id);
          return { tenant: tenantView(await updateTenant({ db, id, ...changes })) };
        }),
    },
    "tenant list": {
      summary: "List tenants (never their keys)",
      run: () =>
        withDb(async (db) => ({
          // The built-in admin tenant is listed, marked `built_in: "admin"`.
          tenants: (await listTenants({ db })).map((tenant) => ({
            ...tenantView(tenant),
            ...(tenant.builtIn ? { built_in: tenant.builtIn.role } : {}),
          })),
        })),
    },
    "tenant disable": withId({
      summary: "<id>: refuse the tenant's API key and tokens (tenant_disabled)",
      run: (values) =>
        withDb(async (db) => ({
          tenant: tenantView(await setTenantDisabled({ db, id: required(values, "id"), disabled: true })),
        })),
    }),
    "tenant enable": withId({
      summary: "<id>: accept a disabled tenant again",
      run: (values) =>
        withDb(async (db) => ({
          tenant: tenantView(await setTenantDisabled({ db, id: required(values, "id"), disabled: false })),
        })),
    }),
    "tenant rotate-key": withId({
      summary: "<id>: issue a new API key (printed once); the old one stops working",
      run: (values) =>
        withDb(async (db) => {
          const id = required(values, "id");
          // An API key of the admin tenant could mint user tokens for administrators.
          await assertCustomerTenant(db, id);
          const { tenant, apiKey } = await rotateTenantKey({ db, id });
          return { tenant: tenantView(tenant), apiKey };
        }),
    }),
    "tenant rotate-signing-key": withId({
      summary:
        "<id>: a new key signs the tenant's session tokens from now on; the old one stays in its JWKS for a day",
      run: (values) =>
        withDb(async (db) => {
          const id = required(values, "id");
          await assertCustomerTenant(db, id);
          await getTenant({ db, id }); // an unknown tenant is not_found, not a database error
          const now = Date.now();
          const { kid, previousKid } = await rotateSigningKey({ ctx: { db, now: () => now }, tenantId: id });
          return {
            tenant_id: id,
            kid,
            previous_kid: previousKid,
            previous_published_until: previousKid
              ? new Date(now + RETIRED_KEY_PUBLISHED_MS).toISOString()
              : null,
          };
        }),
    }),
    "tenant webhook add": {
      summary:
        "<tenant id> --url U [--event E ...] [--description D]: POST the tenant's events to U (Standard Webhooks; all events unless --event names some); prints the signing secret once",
      options: {
        ...idOption,
        url: { type: "string" },
        event: { type: "string", multiple: true },
        description: { type: "string" },
      },
      run: (values) =>
        withAdminCtx(async (ctx) => {
          const id = required(values, "id");
          await assertCustomerTenant(ctx.db, id);
          const input = CreateTenantWebhookRequestSchema.safeParse({
            url: required(values, "url"),
            events: list(values, "event"),
            description: text(values, "description"),
          });
          if (!input.success) {
            const issue = input.error.issues[0];
            const field = issue?.path[0] === "events" ? "--event" : `--${String(issue?.path[0] ?? "url")}`;
            const hint = field === "--event" ? ` (one of ${TENANT_EVENT_TYPES.join(", ")})` : "";
            throw new ValidationError(`${field} is not valid${hint}: ${issue?.message ?? "invalid"}.`);
          }
          return { webhook: await addTenantWebhook(ctx, await getTenant({ db: ctx.db, id }), input.data) };
        }),
    },
    "tenant webhook list": withId({
      summary: "<tenant id>: the tenant's webhook endpoints, oldest first (never their secrets)",
      run: (values) =>
        withAdminCtx(async (ctx) => {
          const tenant = await getTenant({ db: ctx.db, id: required(values, "id") });
          return { webhooks: (await listTenantWebhooks(ctx, tenant, { limit: 100 })).data };
        }),
    }),
    "tenant webhook remove": {
      summary: "<tenant id> --webhook W: remove the tenant's endpoint W and its delivery log",
      options: { ...idOption, webhook: { type: "string" } },
      run: (values) =>
        withAdminCtx(async (ctx) => {
          const tenant = await getTenant({ db: ctx.db, id: required(values, "id") });
          const webhookId = required(values, "webhook");
          await removeTenantWebhook(ctx, webhookId, tenant);
          return { removed: webhookId };
        }),
    },
    "tenant well-known": withId({
      summary: "<id>: the JSON the tenant serves at https://<rp_id>/.well-known/webauthn",
      run: (values) =>
        withDb((db) => wellKnownFor({ db, id: required(values, "id"), publicUrl: loadAuthEnv().PUBLIC_URL })),
    }),
    audit: {
      summary: "[--tenant ID] [--type T] [--limit N]: security events, newest first",
      options: { tenant: { type: "string" }, type: { type: "string" }, limit: { type: "string" } },
      run: (values) =>
        withDb(async (db) => {
          const limit = Number(text(values, "limit") ?? "100");
          if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) {
            throw new ValidationError("--limit must be 1..10000.");
          }
          const type = text(values, "type");
          if (type && !AUDIT_EVENT_TYPES.includes(type as AuditEventType)) {
            throw new ValidationError(`--type must be one of ${AUDIT_EVENT_TYPES.join(", ")}.`);
          }
          const page = await listAudit({
            db,
            filter: { tenantId: text(values, "tenant"), type: type as AuditEventType | undefined },
            limit,
          });
          return { events: page.data };
        }),
    },
    "admin invite": {
      summary: "--email E --name N: a one-time link (24 h) to create that administrator's passkey",
      options: { email: { type: "string" }, name: { type: "string" } },
      run: (values) =>
        withAdminCtx(async (ctx) => {
          const input = InviteAdminRequestSchema.safeParse({
            email: required(values, "email"),
            name: required(values, "name"),
          });
          if (!input.success) {
            const field = input.error.issues[0]?.path[0] === "name" ? "--name" : "--email";
            throw new ValidationError(
              `${field} is not valid: ${input.error.issues[0]?.message ?? "invalid"}.`,
            );
          }
          const { url, expiresAt } = await inviteAdmin({ ctx, ...input.data });
          return { url, expiresAt };
        }),
    },
    "admin list": {
      summary: "Administrators (invited: no passkey yet; active)",
      run: () =>
        withAdminCtx(async (ctx) => ({ admins: (await listAdmins({ ctx, query: { limit: 10_000 } })).data })),
    },
    "admin remove": {
      summary: "<id or email>: revoke the administrator's sessions, delete their passkeys",
      options: { id: { type: "string" }, email: { type: "string" } },
      run: (values) =>
        withAdminCtx(async (ctx) => {
          const idOrEmail = text(values, "id") ?? text(values, "email");
          if (!idOrEmail) throw new ValidationError("Give the administrator's id or --email.");
          return { admin: await removeAdmin({ ctx, idOrEmail }) };
        }),
    },
  },
  argv,
);
