// Which tools a session offers, as its POST /mcp chooses them: `?toolsets=` or X-MCP-Toolsets
// (default core), and read-only mode (`?read_only=true` or X-MCP-Readonly). Anything else on the
// URL is refused, naming what is allowed: a typo (`?readonly=true`) must not open a session that
// writes. Read-only asked for by either the header or the query holds: the other cannot undo it.
import {
  closestName,
  MCP_READONLY_HEADER,
  MCP_TOOLSETS_HEADER,
  toolsetNames,
  UnknownToolsetError,
} from "@org/contracts";
import type { Request } from "express";
import { catalogFor, type ToolCatalog } from "./catalog.ts";

/** The query parameters /mcp understands. */
export const MCP_QUERY_PARAMETERS = ["toolsets", "read_only"] as const;

/** A session URL or header the server does not understand (400, a JSON-RPC error). */
export class SessionChoiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SessionChoiceError";
  }
}

/** A query parameter's value (repeated: joined by commas), or undefined. */
function queryValue(req: Request, param: string): string | undefined {
  const raw = req.query[param];
  if (Array.isArray(raw)) return raw.join(",");
  return typeof raw === "string" ? raw : undefined;
}

/** Refuses a query parameter /mcp does not know, naming the closest one and all of them. */
function checkQueryNames(req: Request): void {
  const allowed: readonly string[] = MCP_QUERY_PARAMETERS;
  for (const name of Object.keys(req.query)) {
    if (allowed.includes(name)) continue;
    const guess = closestName(name, allowed);
    throw new SessionChoiceError(
      `Unknown query parameter "${name}" on /mcp${guess ? ` (did you mean "${guess}"?)` : ""}; ` +
        `the allowed ones are ${allowed.join(", ")}.`,
    );
  }
}

/**
 * Refuses an `X-MCP-…` header that looks like a misspelling of ours (`X-MCP-Read-Only`,
 * `X-MCP-Toolset`): ignoring it would open a session the client did not mean (one that writes).
 * Other X-MCP- headers (a proxy's own) pass.
 */
function checkHeaderNames(req: Request): void {
  const ours = [MCP_TOOLSETS_HEADER, MCP_READONLY_HEADER];
  const known = new Set(ours.map((name) => name.toLowerCase()));
  for (const name of Object.keys(req.headers)) {
    if (!name.startsWith("x-mcp-") || known.has(name)) continue;
    const guess = closestName(name, ours);
    if (guess === undefined) continue;
    throw new SessionChoiceError(
      `Unknown header "${name}" on /mcp (did you mean "${guess}"?); the session headers are ${ours.join(", ")}.`,
    );
  }
}

/** true, false or absent (undefined); anything else is refused. */
function booleanOf(raw: string | undefined, where: string): boolean | undefined {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === "") return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  throw new SessionChoiceError(`${where} is "true" or "false", not "${raw}".`);
}

/** Read-only when the query or the header says so (either holds: the other cannot undo it). */
function readOnlyOf(req: Request): boolean {
  const query = booleanOf(queryValue(req, "read_only"), "The query parameter read_only");
  const header = booleanOf(req.get(MCP_READONLY_HEADER), `The header ${MCP_READONLY_HEADER}`);
  return query === true || header === true;
}

/**
 * The tools to offer: `?toolsets=core,cards` (or repeated), else the X-MCP-Toolsets header, default
 * core. Unknown parameters, toolsets or read-only values are a SessionChoiceError naming the
 * allowed ones. Read-only mode keeps the tools that change nothing.
 */
export function catalogOf(req: Request, { forceReadOnly = false } = {}): ToolCatalog {
  checkQueryNames(req);
  checkHeaderNames(req);
  const readOnly = readOnlyOf(req) || forceReadOnly;
  const fromQuery = queryValue(req, "toolsets");
  try {
    return catalogFor(fromQuery ?? req.get(MCP_TOOLSETS_HEADER), readOnly);
  } catch (error) {
    if (error instanceof UnknownToolsetError) {
      const where =
        fromQuery === undefined ? `The header ${MCP_TOOLSETS_HEADER}` : "The query parameter toolsets";
      const guesses = error.unknown
        .map((name) => [name, closestName(name, toolsetNames())] as const)
        .filter(([, guess]) => guess !== undefined)
        .map(([name, guess]) => `"${guess}" for "${name}"`);
      throw new SessionChoiceError(
        `${where}: ${error.message}${guesses.length > 0 ? ` Did you mean ${guesses.join(", ")}?` : ""}`,
      );
    }
    throw error;
  }
}
