// Prisma CLI config: the schema and migrations live at the repo root (prisma/).
// The CLI runs offline with the WASM schema engine through the pg driver adapter.
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

// The CLI needs DATABASE_URL set even where it never connects (prisma generate);
// unset, it tries to download a native engine, which an offline machine cannot reach.
process.env.DATABASE_URL ||= "postgresql://localhost/placeholder";

// Workaround for prisma/prisma#27403: @prisma/adapter-pg does not map the `name` type
// (OID 19) and the WASM schema engine fails to deserialize it. Read such columns as text (25).
// Only this CLI process is patched; the services never load this file.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prototype: resultPrototype } = require("pg/lib/result") as {
  prototype: { addFields(fields: Array<{ dataTypeID: number }>): void };
};
const addFields = resultPrototype.addFields;
resultPrototype.addFields = function patchedAddFields(fields) {
  for (const field of fields) if (field.dataTypeID === 19) field.dataTypeID = 25;
  return addFields.call(this, fields);
};

// The WASM schema engine races its database calls against 10 s timers that it never clears,
// so every migrate command would linger 10 s after finishing. Such guard timers must not keep
// the CLI alive; the work they guard keeps the event loop busy on its own.
const setTimeoutOriginal = globalThis.setTimeout;
globalThis.setTimeout = ((...args: Parameters<typeof setTimeoutOriginal>) => {
  const timer = setTimeoutOriginal(...args);
  if ((args[1] ?? 0) >= 10_000) timer.unref();
  return timer;
}) as typeof globalThis.setTimeout;

// The repo's prisma/ folder; a deployed image copies it elsewhere and sets PRISMA_DIR.
const prismaDir = process.env.PRISMA_DIR || path.resolve(__dirname, "../../prisma");

// @prisma/adapter-pg's executeScript, which migrate uses, splits a script at every ";" and so
// cuts function bodies ($$ … ; … $$) apart. Each migration script is sent whole instead, as one
// simple query (one implicit transaction), as Prisma's native engine does.
function wholeScripts(factory: PrismaPg): PrismaPg {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    const pool = adapter.underlyingDriver() as { query(sql: string): Promise<unknown> };
    adapter.executeScript = async (script: string) => {
      try {
        await pool.query(script);
      } catch (error) {
        (adapter as unknown as { onError(error: unknown): never }).onError(error);
      }
    };
    return adapter;
  };
  return factory;
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join(prismaDir, "schema.prisma"),
  migrations: { path: path.join(prismaDir, "migrations") },
  adapter: async () =>
    wholeScripts(new PrismaPg({ connectionString: process.env.DATABASE_URL, allowExitOnIdle: true })),
});
