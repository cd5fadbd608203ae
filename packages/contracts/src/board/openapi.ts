import { BoardErrorSchema } from "../errors.ts";
import { buildOpenApiDocument, OpenAPIRegistry, registerHealth } from "../openapi.ts";

/** Every operation of the board API, registered from the shared schemas. */
export function boardApiRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registerHealth(registry, BoardErrorSchema);
  return registry;
}

export function boardOpenApiDocument() {
  return buildOpenApiDocument(boardApiRegistry(), {
    title: "Board API",
    version: "1.0.0",
    description: "Projects, boards and cards for people and AI coding agents working side by side.",
  });
}
