import request from "supertest";
import { gzipSync } from "node:zlib";
import { z } from "zod";
import {
  boardErrors,
  createHttpApp,
  createLogger,
  finishHttpApp,
  jsonBody,
  jsonBoundsProblem,
  parseWith,
  unknownKeysMessage,
} from "../src/index.ts";

const bytes = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value));

function wide(keys: number): Record<string, number> {
  return Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i]));
}

describe("jsonBoundsProblem", () => {
  it("counts the keys of each object, not of the whole body", () => {
    expect(jsonBoundsProblem(bytes(wide(10)), 10, 32)).toBeUndefined();
    expect(jsonBoundsProblem(bytes(wide(11)), 10, 32)).toBe(
      "An object in the request body has more than 10 keys.",
    );
    expect(jsonBoundsProblem(bytes([wide(10), wide(10), { a: wide(10) }]), 10, 32)).toBeUndefined();
    expect(jsonBoundsProblem(bytes({ a: 1, b: { c: wide(11) } }), 10, 32)).toMatch(/more than 10 keys/);
  });

  it("counts keys only: string values, arrays and escaped quotes are not keys", () => {
    expect(
      jsonBoundsProblem(bytes({ a: Array.from({ length: 100 }, (_, i) => `v${i}`) }), 2, 32),
    ).toBeUndefined();
    expect(jsonBoundsProblem(bytes({ a: '"b": 1, "c": 2, "d": 3 \\"', e: "\\" }), 2, 32)).toBeUndefined();
    expect(jsonBoundsProblem(bytes({ a: '"x"', b: "\\", c: 1 }), 2, 32)).toMatch(/more than 2 keys/);
    expect(jsonBoundsProblem(bytes(' { "a" : 1 , "b" : [ 1 , 2 ] } '), 2, 32)).toBeUndefined();
  });

  it("bounds the depth of objects and arrays together", () => {
    expect(jsonBoundsProblem(bytes([[{ a: [1] }]]), 10, 4)).toBeUndefined();
    expect(jsonBoundsProblem(bytes([[{ a: [[1]] }]]), 10, 4)).toBe(
      "The request body nests objects and arrays more than 4 deep.",
    );
    expect(jsonBoundsProblem(bytes({ a: "[[[[[[[[" }), 10, 2)).toBeUndefined();
  });

  it("leaves malformed JSON to the parser", () => {
    expect(jsonBoundsProblem(bytes('{"a": "unterminated'), 10, 32)).toBeUndefined();
    expect(jsonBoundsProblem(bytes("}}]]{"), 10, 32)).toBeUndefined();
  });
});

describe("jsonBody", () => {
  function makeApp() {
    const parse = jest.spyOn(JSON, "parse");
    const express = createHttpApp({
      logger: createLogger({ service: "test", level: "silent" }),
      parseJsonUpFront: false,
    });
    const json = jsonBody({ maxKeys: 5, maxDepth: 3 });
    express.post("/items", json, json, (req, res) => {
      res.json(parseWith(z.strictObject({ title: z.string() }), req.body));
    });
    return { app: finishHttpApp(express, boardErrors), parse };
  }
  afterEach(() => jest.restoreAllMocks());

  it("refuses a wide body with 413 before JSON.parse runs", async () => {
    const { app, parse } = makeApp();
    const res = await request(app).post("/items").send(wide(6));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: { code: "payload_too_large", message: "An object in the request body has more than 5 keys." },
    });
    expect(parse.mock.calls.filter(([text]) => typeof text === "string" && text.includes("k5"))).toHaveLength(
      0,
    );
  });

  it("parses a body within the bounds once, even when mounted twice", async () => {
    const { app } = makeApp();
    const res = await request(app).post("/items").send({ title: "x" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ title: "x" });
    const deep = await request(app)
      .post("/items")
      .send({ title: { a: { b: { c: 1 } } } });
    expect(deep.status).toBe(413);
  });

  it("refuses a compressed body without inflating it (a few KB of gzip would become a wide 1 MB body)", async () => {
    const { app, parse } = makeApp();
    const res = await request(app)
      .post("/items")
      .set("Content-Type", "application/json")
      .set("Content-Encoding", "gzip")
      // The gzip bytes as they are (superagent would JSON-encode a Buffer sent as application/json).
      .serialize((body: Buffer) => body as unknown as string)
      .send(gzipSync(JSON.stringify(wide(100_000))));
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(
      "Unsupported request body encoding: send the body uncompressed (no Content-Encoding) in UTF-8.",
    );
    expect(parse.mock.calls.filter(([text]) => typeof text === "string" && text.includes("k5"))).toHaveLength(
      0,
    );
  });
});

describe("unknown keys in a validation answer", () => {
  it("names the first ten and counts the rest", () => {
    expect(unknownKeysMessage(["a"])).toBe('Unrecognized key: "a"');
    expect(unknownKeysMessage(Array.from({ length: 12 }, (_, i) => `k${i}`))).toBe(
      `Unrecognized keys: ${Array.from({ length: 10 }, (_, i) => `"k${i}"`).join(", ")} and 2 more`,
    );
  });
});
