import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface StoredFile {
  storageKey: string;
  size: number;
  sha256: string;
}

/** Attachment bytes on local disk under one directory, named by random keys (never by user input). */
export class FileStore {
  constructor(readonly dir: string) {}

  pathOf(storageKey: string): string {
    if (!/^[0-9a-f-]{36}$/.test(storageKey)) throw new Error("Invalid storage key.");
    return path.join(this.dir, storageKey);
  }

  /** Streams `source` to a new file while hashing it; on any failure the partial file is removed. */
  async write(source: Readable): Promise<StoredFile> {
    await mkdir(this.dir, { recursive: true });
    const storageKey = randomUUID();
    const filePath = this.pathOf(storageKey);
    const hash = createHash("sha256");
    let size = 0;
    source.on("data", (chunk: Buffer) => {
      hash.update(chunk);
      size += chunk.length;
    });
    try {
      await pipeline(source, createWriteStream(filePath, { flags: "wx" }));
      if ((source as Readable & { truncated?: boolean }).truncated) throw new Error("File was truncated.");
    } catch (error) {
      await rm(filePath, { force: true });
      throw error;
    }
    return { storageKey, size, sha256: hash.digest("hex") };
  }

  async size(storageKey: string): Promise<number> {
    return (await stat(this.pathOf(storageKey))).size;
  }

  /** Removes stored files; already missing ones are fine. */
  async remove(storageKeys: string[]): Promise<void> {
    await Promise.all(storageKeys.map((key) => rm(this.pathOf(key), { force: true })));
  }
}
