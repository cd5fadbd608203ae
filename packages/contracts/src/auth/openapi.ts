// The auth server's OpenAPI document, built from its operation list (operations/).
import { AuthFailureSchema } from "../errors.ts";
import { buildOpenApiDocument, OpenAPIRegistry, registerHealth } from "../openapi.ts";
import { authOperationGroups } from "./operations/index.ts";
import type { AuthOperation } from "./operations/spec.ts";

/** Every operation of the auth server, registered from the shared schemas. */
export function authServerRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registerHealth(registry, AuthFailureSchema);
  registry.registerComponent("securitySchemes", "apiKey", {
    type: "apiKey",
    in: "header",
    name: "X-API-KEY",
  });
  registry.registerComponent("securitySchemes", "userToken", { type: "http", scheme: "bearer" });
  registry.registerComponent("securitySchemes", "sessionToken", { type: "http", scheme: "bearer" });
  registry.registerComponent("securitySchemes", "qrSecret", {
    type: "http",
    scheme: "bearer",
    description: "The `secret` qr/start returned.",
  });
  registry.registerComponent("securitySchemes", "phoneToken", {
    type: "http",
    scheme: "bearer",
    description: "The `token` qr/mobile/claim returned.",
  });
  registry.registerComponent("securitySchemes", "cookie", {
    type: "apiKey",
    in: "cookie",
    name: "authkit_session",
  });
  registry.registerComponent("securitySchemes", "adminSession", {
    type: "apiKey",
    in: "cookie",
    name: "authkit_admin",
    description: "The admin dashboard's session cookie, set by POST /admin/session.",
  });
  for (const { tag, operations } of authOperationGroups) {
    for (const op of operations) registerOperation(registry, op, tag);
  }
  return registry;
}

/** The first sentence of an operation's text (OpenAPI's short summary; the whole is its description). */
export function firstSentence(text: string): string {
  return /^.*?\.(?=\s|$)/s.exec(text)?.[0] ?? text;
}

const failure = { description: "Failure", content: { "application/json": { schema: AuthFailureSchema } } };

function registerOperation(registry: OpenAPIRegistry, op: AuthOperation, tag: string): void {
  const status = op.status ?? 200;
  registry.registerPath({
    method: op.method,
    path: op.path,
    operationId: op.operationId,
    tags: [tag],
    summary: firstSentence(op.summary),
    description: op.summary,
    security: op.security.map((name) => (name === "none" ? {} : { [name]: [] })),
    request: {
      ...(op.params ? { params: op.params } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(op.headers ? { headers: op.headers } : {}),
      ...(op.body ? { body: { required: true, content: { "application/json": { schema: op.body } } } } : {}),
    },
    responses: {
      [String(status)]: op.response
        ? { description: "Success", content: { "application/json": { schema: op.response } } }
        : op.responseType
          ? { description: "Success", content: { [op.responseType]: { schema: { type: "string" } } } }
          : { description: "Success, no body" },
      "4XX": {
        ...failure,
        description: `Failure: ${[...op.errors, "bad_request", "rate_limited"].join(", ")}`,
      },
      "5XX": failure,
    },
  });
}

export function authOpenApiDocument() {
  const document = buildOpenApiDocument(authServerRegistry(), {
    title: "Auth server",
    version: "1.0.0",
    description: "Multi-tenant passkey (WebAuthn) authentication. Rendered at /docs.",
  });
  return {
    ...document,
    tags: [
      ...authOperationGroups.map(({ tag, description }) => ({ name: tag, description })),
      { name: "Health", description: "Probes and metrics for the platform that runs the server." },
    ],
  };
}
