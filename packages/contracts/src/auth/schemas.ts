// Wire schemas of the auth server, one file per resource in schemas/: what the SDK, tenants'
// servers and tests send and receive. Never Prisma types: browsers' code imports these.
export * from "./schemas/users.ts";
export * from "./schemas/passkeys.ts";
export * from "./schemas/webauthn.ts";
export * from "./schemas/registration.ts";
export * from "./schemas/authentication.ts";
export * from "./schemas/signup.ts";
export * from "./schemas/tokens.ts";
export * from "./schemas/embeds.ts";
export * from "./schemas/qr.ts";
