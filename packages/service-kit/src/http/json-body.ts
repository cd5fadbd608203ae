// JSON request bodies, bounded in shape as well as in size. A 1 MB body may hold 60,000 keys in
// one object: JSON.parse builds them all, then validation looks at each and an error lists each.
// So the raw bytes are scanned first (one pass, no allocation per key) and a body whose objects
// are too wide or whose nesting is too deep is refused before JSON.parse builds anything.
import express, { type RequestHandler } from "express";
import { PayloadTooLargeError } from "../errors.ts";

export interface JsonBodyOptions {
  /** Largest body accepted (bytes, or a size such as "1mb"); larger ones get `payload_too_large`. */
  limit?: string | number;
  /** Most keys in any one object of the body (`JSON_MAX_KEYS`, default 1,000). */
  maxKeys?: number;
  /** Deepest nesting of objects and arrays (`JSON_MAX_DEPTH`, default 32). */
  maxDepth?: number;
}

export const DEFAULT_JSON_MAX_KEYS = 1000;
export const DEFAULT_JSON_MAX_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

/**
 * Where `body` (JSON text as bytes) first exceeds the bounds: a message for the client, or
 * undefined when it stays within them. Malformed JSON is left to JSON.parse: this only counts
 * the keys of each open object (its strings in key position) and the depth of nesting.
 */
export function jsonBoundsProblem(body: Uint8Array, maxKeys: number, maxDepth: number): string | undefined {
  // Per open container: -1 for an array, else the keys counted so far in that object.
  const keys: number[] = [];
  // True right after `{` or a comma inside an object: the next string is a key.
  let expectKey = false;
  const length = body.length;
  for (let i = 0; i < length; i++) {
    const byte = body[i];
    if (byte === QUOTE) {
      if (expectKey) {
        const top = keys.length - 1;
        const count = (keys[top] ?? 0) + 1;
        if (count > maxKeys) return `An object in the request body has more than ${maxKeys} keys.`;
        keys[top] = count;
        expectKey = false;
      }
      // Skip the string: find the closing quote not escaped by an odd run of backslashes.
      for (;;) {
        const end = body.indexOf(QUOTE, i + 1);
        if (end === -1) return undefined; // unterminated: JSON.parse says so
        let slashes = 0;
        while (body[end - 1 - slashes] === BACKSLASH) slashes++;
        i = end;
        if (slashes % 2 === 0) break;
      }
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      if (keys.length >= maxDepth) {
        return `The request body nests objects and arrays more than ${maxDepth} deep.`;
      }
      keys.push(byte === OPEN_OBJECT ? 0 : -1);
      expectKey = byte === OPEN_OBJECT;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      keys.pop();
      expectKey = false;
    } else if (byte === COMMA) {
      expectKey = (keys[keys.length - 1] ?? -1) >= 0;
    }
  }
  return undefined;
}

/**
 * `express.json` with the shape bounds checked on the raw bytes before parsing. Idempotent: a
 * body already read (by an earlier parser) is left alone, so a route may mount it after its
 * authentication while another path parsed earlier.
 */
export function jsonBody({
  limit = "1mb",
  maxKeys = DEFAULT_JSON_MAX_KEYS,
  maxDepth = DEFAULT_JSON_MAX_DEPTH,
}: JsonBodyOptions = {}): RequestHandler {
  return express.json({
    limit,
    verify: (_req, _res, buffer) => {
      const problem = jsonBoundsProblem(buffer, maxKeys, maxDepth);
      if (problem) throw new PayloadTooLargeError(problem);
    },
  });
}
