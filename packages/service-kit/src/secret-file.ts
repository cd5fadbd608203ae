import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateSecret } from "./secrets.ts";

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/**
 * The secret stored in `file`, created (random, mode 0600) when the file does not exist yet. The
 * new file is written aside and linked into place, which fails when another process got there
 * first: two services starting at once end up with the same secret, and nobody reads a
 * half-written file. Used for development defaults that two processes must agree on.
 */
export function readOrCreateSecretFile(file: string, prefix: string): string {
  try {
    return readSecret(file);
  } catch (error) {
    if (!missing(error)) throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const scratch = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(scratch, `${generateSecret(prefix)}\n`, { mode: 0o600 });
  try {
    linkSync(scratch, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(scratch);
  }
  return readSecret(file);
}

/** A secret kept in a file (trimmed); an empty file is an error, never an empty secret. */
export function readSecret(file: string): string {
  const secret = readFileSync(file, "utf8").trim();
  if (!secret) throw new Error(`${file} is empty: it should hold a secret`);
  return secret;
}
