// JSON request bodies, bounded in shape as well as in size. A 1 MB body may hold 60,000 keys in
// one object: JSON.parse builds them all, then validation looks at each and an error lists each.
// So the raw bytes are scanned as they arrive (one pass, no allocation per key) and a body whose
// objects are too wide or whose nesting is too deep is refused at once, unread beyond that point
// and before JSON.parse builds anything.
import type { IncomingMessage } from "node:http";
import express, { type RequestHandler } from "express";
import { PayloadTooLargeError } from "../errors.ts";
import { announcedBodyBytes, closeWithoutReading } from "./unread-body.ts";

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
 * Counts the keys of each open object and the depth of nesting of JSON text given in chunks as
 * it arrives, so that a body is refused as soon as it crosses a bound, not once it has all been
 * read. Malformed JSON is left to JSON.parse: only strings in key position and brackets count.
 */
export class JsonBoundsScanner {
  // Per open container: -1 for an array, else the keys counted so far in that object.
  private readonly keys: number[] = [];
  // True right after `{` or a comma inside an object: the next string is a key.
  private expectKey = false;
  private inString = false;
  // Inside a string, the previous chunk ended in an odd run of backslashes.
  private escaped = false;
  private problem: string | undefined;

  constructor(
    private readonly maxKeys: number,
    private readonly maxDepth: number,
  ) {}

  /** Scans the next chunk: a message for the client once a bound is crossed, else undefined. */
  push(chunk: Uint8Array): string | undefined {
    if (this.problem) return this.problem;
    const { keys } = this;
    const length = chunk.length;
    let i = 0;
    while (i < length) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          i++;
          continue;
        }
        // The closing quote: one not escaped by an odd run of backslashes (within this chunk,
        // after the escape carried over, if any, was skipped above).
        const end = chunk.indexOf(QUOTE, i);
        const stop = end === -1 ? length : end;
        let slashes = 0;
        while (stop - 1 - slashes >= i && chunk[stop - 1 - slashes] === BACKSLASH) slashes++;
        if (end === -1) {
          this.escaped = slashes % 2 === 1;
          return undefined;
        }
        i = end + 1;
        if (slashes % 2 === 0) this.inString = false;
        continue;
      }
      const byte = chunk[i++];
      if (byte === QUOTE) {
        this.inString = true;
        if (this.expectKey) {
          const top = keys.length - 1;
          const count = (keys[top] ?? 0) + 1;
          if (count > this.maxKeys) {
            return (this.problem = `An object in the request body has more than ${this.maxKeys} keys.`);
          }
          keys[top] = count;
          this.expectKey = false;
        }
      } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        if (keys.length >= this.maxDepth) {
          return (this.problem = `The request body nests objects and arrays more than ${this.maxDepth} deep.`);
        }
        keys.push(byte === OPEN_OBJECT ? 0 : -1);
        this.expectKey = byte === OPEN_OBJECT;
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        keys.pop();
        this.expectKey = false;
      } else if (byte === COMMA) {
        this.expectKey = (keys[keys.length - 1] ?? -1) >= 0;
      }
    }
    return undefined;
  }
}

/**
 * Where `body` (JSON text as bytes) first exceeds the bounds: a message for the client, or
 * undefined when it stays within them (see JsonBoundsScanner).
 */
export function jsonBoundsProblem(body: Uint8Array, maxKeys: number, maxDepth: number): string | undefined {
  return new JsonBoundsScanner(maxKeys, maxDepth).push(body);
}

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 };

/** A body limit in bytes: a number, or a size such as "256kb" or "1mb" (as body-parser reads it). */
export function byteLimit(limit: string | number): number {
  if (typeof limit === "number") return limit;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb)?\s*$/i.exec(limit);
  if (!match) throw new Error(`Not a body size: ${limit}`);
  return Math.floor(Number(match[1]) * UNITS[(match[2] ?? "b").toLowerCase()]!);
}

/** Bodies refused while being read: body-parser must not parse what it read of them. */
const refusedBodies = new WeakSet<IncomingMessage>();

const tooLarge = (limit: number) =>
  new PayloadTooLargeError(`The request body is larger than ${limit} bytes, the most this route accepts.`);

/**
 * `express.json` with the bounds checked before and while reading: a Content-Length over `limit`
 * is refused unread, and the bytes are scanned as they arrive (JsonBoundsScanner), so a body too
 * large, too wide or too deep is refused as soon as that shows, without reading the rest of it
 * (the connection is closed instead: unread-body.ts) and before JSON.parse builds anything.
 * Compressed bodies are refused (`inflate: false`): a few KB of gzip would inflate to a body the
 * bounds only see after the work is done, and no client of these services compresses requests.
 * Idempotent: a body already read (by
 * an earlier parser) is left alone, so a route may mount it after its authentication while
 * another path parsed earlier.
 */
export function jsonBody({
  limit = "1mb",
  maxKeys = DEFAULT_JSON_MAX_KEYS,
  maxDepth = DEFAULT_JSON_MAX_DEPTH,
}: JsonBodyOptions = {}): RequestHandler {
  const maxBytes = byteLimit(limit);
  const parse = express.json({
    limit: maxBytes,
    inflate: false,
    // Scanned while reading; refused already when the whole body came in the chunk that showed it.
    // (A compressed body never gets here: body-parser refuses it before reading, `inflate: false`.)
    verify: (req) => {
      if (refusedBodies.has(req)) throw new PayloadTooLargeError();
    },
  });
  return (req, res, next) => {
    if (req.readableEnded || !req.is("application/json")) {
      parse(req, res, next);
      return;
    }
    if (announcedBodyBytes(req) > maxBytes && req.headers["transfer-encoding"] === undefined) {
      closeWithoutReading(req, res);
      next(tooLarge(maxBytes));
      return;
    }
    if (!identity(req)) {
      parse(req, res, next); // refuses it: unsupported encoding
      return;
    }
    const scanner = new JsonBoundsScanner(maxKeys, maxDepth);
    let received = 0;
    let refused = false;
    const refuse = (error: PayloadTooLargeError) => {
      refused = true;
      refusedBodies.add(req);
      req.off("data", scan);
      closeWithoutReading(req, res);
      next(error);
    };
    const scan = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) return refuse(tooLarge(maxBytes));
      const problem = scanner.push(chunk);
      if (problem) refuse(new PayloadTooLargeError(problem));
    };
    // Added just before body-parser adds its own, in the same tick: both see every chunk.
    req.on("data", scan);
    parse(req, res, (error?: unknown) => {
      req.off("data", scan);
      if (!refused) next(error);
    });
  };
}

/** No Content-Encoding: the bytes read are the JSON text itself. */
const identity = (req: IncomingMessage) =>
  (req.headers["content-encoding"] ?? "identity").toLowerCase() === "identity";
