import { authOpenApiDocument, boardOpenApiDocument } from "../src/index.ts";

describe("OpenAPI documents", () => {
  it.each([
    ["board API", boardOpenApiDocument],
    ["auth server", authOpenApiDocument],
  ])("the %s document is OpenAPI 3.1 generated from the schemas", (_name, build) => {
    const doc = build();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths?.["/healthz"]?.get?.responses?.["200"]).toBeDefined();
    expect(doc.components?.schemas?.Health).toMatchObject({
      type: "object",
      properties: { status: { type: "string", enum: ["ok"] } },
    });
  });

  it("the board error envelope lists every board error code", () => {
    const schema = boardOpenApiDocument().components?.schemas?.Error as {
      properties: { error: { properties: { code: { enum: string[] } } } };
    };
    expect(schema.properties.error.properties.code.enum).toEqual(
      expect.arrayContaining(["unauthenticated", "not_found", "validation_failed", "internal"]),
    );
  });
});
