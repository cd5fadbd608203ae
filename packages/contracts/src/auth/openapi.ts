import { AuthFailureSchema } from "../errors.ts";
import { buildOpenApiDocument, OpenAPIRegistry, registerHealth } from "../openapi.ts";

/** Every operation of the auth server, registered from the shared schemas. */
export function authServerRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registerHealth(registry, AuthFailureSchema);
  return registry;
}

export function authOpenApiDocument() {
  return buildOpenApiDocument(authServerRegistry(), {
    title: "Auth server",
    version: "1.0.0",
    description: "Multi-tenant passkey (WebAuthn) authentication.",
  });
}
