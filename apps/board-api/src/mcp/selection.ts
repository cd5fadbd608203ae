// Which tools a session offers, as its POST /mcp chooses them: `?toolsets=` or X-MCP-Toolsets
// (default core), and read-only mode (`?read_only=true` or X-MCP-Readonly).
import { MCP_READONLY_HEADER, MCP_TOOLSETS_HEADER, UnknownToolsetError } from "@org/contracts";
import { ValidationError } from "@org/service-kit";
import type { Request } from "express";
import { catalogFor, type ToolCatalog } from "./catalog.ts";

/** A query parameter (repeated: joined by commas), else the header. */
function queryOrHeader(req: Request, param: string, header: string): string | undefined {
  const raw = req.query[param];
  if (Array.isArray(raw)) return raw.join(",");
  if (typeof raw === "string") return raw;
  return req.get(header);
}

/** `?read_only=true` or `X-MCP-Readonly: true`; false when absent. */
function readOnlyOf(req: Request): boolean {
  const raw = queryOrHeader(req, "read_only", MCP_READONLY_HEADER)?.trim().toLowerCase();
  if (raw === undefined || raw === "" || raw === "false") return false;
  if (raw === "true") return true;
  const message = `read_only is true or false (query read_only or header ${MCP_READONLY_HEADER}).`;
  throw new ValidationError(message, [{ path: "read_only", message }]);
}

/**
 * The tools to offer: `?toolsets=core,cards` (or repeated) or the X-MCP-Toolsets header, default
 * core; unknown names are validation_failed. Read-only mode keeps the tools that change nothing.
 */
export function catalogOf(req: Request, { forceReadOnly = false } = {}): ToolCatalog {
  const readOnly = readOnlyOf(req) || forceReadOnly;
  try {
    return catalogFor(queryOrHeader(req, "toolsets", MCP_TOOLSETS_HEADER), readOnly);
  } catch (error) {
    if (error instanceof UnknownToolsetError) {
      throw new ValidationError(error.message, [{ path: "toolsets", message: error.message }]);
    }
    throw error;
  }
}
