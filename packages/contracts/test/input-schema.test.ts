// Reading request schemas field by field: every id field is described, the one rule for numbers
// and booleans sent as strings, and the closest name to a misspelt field.
import {
  boardOperationList,
  closestName,
  coerceScalars,
  CreateCardBody,
  DecomposeBody,
  FindCardsQuery,
  toolInputSchema,
  type JsonSchema,
} from "../src/index.ts";

/** Every id field of every operation's input (tool input schemas: path ids, query and body merged). */
function idFields(): Array<{ op: string; field: string; schema: JsonSchema }> {
  const found: Array<{ op: string; field: string; schema: JsonSchema }> = [];
  const walk = (op: string, properties: Record<string, JsonSchema>, prefix: string) => {
    for (const [key, schema] of Object.entries(properties)) {
      const text = JSON.stringify(schema);
      const items = schema.items as JsonSchema | undefined;
      if (text.includes('"format":"uuid"') && !schema.properties && !items?.properties) {
        found.push({ op, field: prefix + key, schema });
      }
      if (schema.properties) walk(op, schema.properties as Record<string, JsonSchema>, `${prefix}${key}.`);
      if (items?.properties) walk(op, items.properties as Record<string, JsonSchema>, `${prefix}${key}[].`);
    }
  };
  for (const op of boardOperationList) {
    walk(op.name, toolInputSchema(op).properties as Record<string, JsonSchema>, "");
  }
  return found;
}

describe("id fields", () => {
  it("each has a description of its own in every operation (the generic id note is said once)", () => {
    const fields = idFields();
    expect(fields.length).toBeGreaterThan(100);
    expect(
      fields.filter(({ schema }) => !schema.description).map(({ op, field }) => `${op}.${field}`),
    ).toEqual([]);
  });
});

describe("numbers and booleans as strings", () => {
  it('reads "3" where a number goes and "true"/"false" where a boolean goes, in lists and nested objects', () => {
    expect(coerceScalars(CreateCardBody, { title: "3", position: "3" })).toEqual({ title: "3", position: 3 });
    const decompose = coerceScalars(DecomposeBody, { cards: [{ title: "true", owner_type: "agent" }] });
    expect(decompose).toEqual({ cards: [{ title: "true", owner_type: "agent" }] });
    expect(FindCardsQuery.parse(coerceScalars(FindCardsQuery, { number: "#7", limit: "5" }))).toMatchObject({
      number: 7,
      limit: 5,
    });
  });

  it("leaves every other spelling for the schema to refuse", () => {
    for (const text of ["1e2", "0x10", "+7", " 5", "5.0", ""]) {
      expect(coerceScalars(CreateCardBody, { title: "x", position: text })).toEqual({
        title: "x",
        position: text,
      });
      expect(
        CreateCardBody.safeParse(coerceScalars(CreateCardBody, { title: "x", position: text })).success,
      ).toBe(false);
    }
  });
});

describe("closestName", () => {
  it.each([
    ["positon", "position"],
    ["columnId", "column_id"],
    ["column_id", "to_column_id"],
    ["label", "label_ids"],
    ["Title", "title"],
  ])("%s → %s", (typo, expected) => {
    expect(
      closestName(
        typo,
        ["title", "position", "to_column_id", "column_id", "label_ids"].filter((n) => n !== typo),
      ),
    ).toBe(expected);
  });

  it("nothing near: undefined", () => {
    expect(closestName("bogus", ["title", "position"])).toBeUndefined();
    expect(closestName("k1", ["name", "description"])).toBeUndefined();
  });
});
