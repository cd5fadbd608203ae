// The MCP tool catalog: each operation's tool definition (input and output JSON schemas from the
// registry's zod schemas) is built once per process, and each toolset selection's list once too,
// so tools/list and tools/call do no schema work per request.
import { boardToolDefinition, resolveToolsets, type BoardOperation } from "@org/contracts";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";

export interface ToolCatalog {
  /** tools/list, in registry order. */
  tools: Tool[];
  /** The operation behind each tool name. */
  byName: ReadonlyMap<string, BoardOperation>;
  /** Only tools whose readOnlyHint is true (read-only mode). */
  readOnly: boolean;
}

const definitions = new Map<string, Tool>();
const catalogs = new Map<string, ToolCatalog>();
/** Selections differ only by the toolsets a client names: a handful in practice, bounded anyway. */
const MAX_CATALOGS = 256;

function definitionOf(op: BoardOperation): Tool {
  let tool = definitions.get(op.name);
  if (!tool) {
    tool = boardToolDefinition(op) as Tool;
    definitions.set(op.name, tool);
  }
  return tool;
}

const selections = new Map<string, ToolCatalog>();

/**
 * The catalog of a session's choice, as the client wrote it (`?toolsets=` or X-MCP-Toolsets, and
 * read-only): resolved once per distinct choice, so a request does no toolset work. Throws
 * UnknownToolsetError for an unknown name (and remembers nothing then).
 */
export function catalogFor(toolsets: string | undefined, readOnly: boolean): ToolCatalog {
  const key = `${readOnly ? "ro" : "rw"}|${toolsets ?? ""}`;
  const cached = selections.get(key);
  if (cached) return cached;
  const catalog = toolCatalog(resolveToolsets(toolsets, { readOnly }), { readOnly });
  if (selections.size < MAX_CATALOGS) selections.set(key, catalog);
  return catalog;
}

/** The catalog of a resolved selection of operations (see resolveToolsets). */
export function toolCatalog(operations: readonly BoardOperation[], { readOnly = false } = {}): ToolCatalog {
  const key = `${readOnly ? "ro:" : ""}${operations.map((op) => op.name).join(",")}`;
  const cached = catalogs.get(key);
  if (cached) return cached;
  const catalog: ToolCatalog = {
    tools: operations.map(definitionOf),
    byName: new Map(operations.map((op) => [op.name, op])),
    readOnly,
  };
  if (catalogs.size < MAX_CATALOGS) catalogs.set(key, catalog);
  return catalog;
}
