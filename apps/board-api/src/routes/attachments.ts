import { open } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { create as createContentDisposition } from "content-disposition";
import {
  ATTACHMENT_MAX_BYTES,
  boardOperations,
  isStorableText,
  UNSTORABLE_TEXT_MESSAGE,
  type BoardOperation,
} from "@org/contracts";
import { AppError, NotFoundError, PayloadTooLargeError, ValidationError } from "@org/service-kit";
import type { HttpCall } from "@org/service-kit";
import type { Request, Response } from "express";
import multer from "multer";
import { actorOf } from "../http/auth.ts";
import { checkIdempotencyKey, IDEMPOTENCY_HEADER, Replayed, runOnce } from "../operations/idempotency.ts";
import { parseParams, type CustomOperationName, type Operations } from "../operations/index.ts";
import {
  authorizeUpload,
  openAttachment,
  recordAttachment,
  type AttachmentTarget,
} from "../services/attachments.ts";
import type { FileStore, StoredFile } from "../services/file-store.ts";

/** A byte-level operation's handler: it reads the request and sends the answer itself. */
export type ByteRoute = (call: HttpCall) => Promise<void>;

/** multer storage that streams each file into the FileStore while hashing it. */
function fileStoreEngine(files: FileStore): multer.StorageEngine {
  return {
    _handleFile(_req, file, callback) {
      files.write(file.stream).then(
        (stored) => callback(null, stored as Partial<Express.Multer.File>),
        (error: Error) => callback(error),
      );
    },
    _removeFile(_req, file, callback) {
      const { storageKey } = file as Express.Multer.File & Partial<StoredFile>;
      if (!storageKey) return callback(null);
      files.remove([storageKey]).then(() => callback(null), callback);
    },
  };
}

function toUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof multer.MulterError) {
    if (error.code === "LIMIT_FILE_SIZE")
      return new PayloadTooLargeError("Attachments are limited to 10 MB.");
    return new ValidationError("Send multipart/form-data with exactly one field named file.", [
      { path: error.field ?? "file", message: error.message },
    ]);
  }
  // busboy: malformed multipart bodies.
  if (
    error instanceof Error &&
    !("code" in error && typeof error.code === "string" && error.code.startsWith("P"))
  ) {
    if (/multipart|boundary|unexpected end of form|malformed/i.test(error.message)) {
      return new ValidationError(`Malformed multipart body: ${error.message}`);
    }
  }
  return error;
}

function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const printable = [...base].filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f);
  const cleaned = printable.join("").trim().slice(0, 255);
  return cleaned || "file";
}

function safeContentType(type: string): string {
  return /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type.toLowerCase() : "application/octet-stream";
}

/**
 * RFC 6266: always a download, with the name twice: `filename*` (RFC 8187, UTF-8) for clients that
 * read it, and a plain ASCII `filename=` for those that do not (`curl -OJ`): accents dropped,
 * anything else non-ASCII as `_`.
 */
function contentDisposition(filename: string): string {
  const ascii = filename
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]/g, "_");
  return createContentDisposition(filename, { fallback: ascii });
}

function uploadRoute(
  operations: Operations,
  files: FileStore,
  op: BoardOperation,
  kind: AttachmentTarget["kind"],
): ByteRoute {
  const receive = multer({
    storage: fileStoreEngine(files),
    limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    defParamCharset: "utf8",
    // Runs before a byte is stored: a name PostgreSQL cannot store refuses the upload.
    fileFilter(_req, file, callback) {
      if (isStorableText(file.originalname)) return callback(null, true);
      callback(
        new ValidationError("Request is invalid.", [{ path: "file", message: UNSTORABLE_TEXT_MESSAGE }]),
      );
    },
  }).single("file");
  const runMulter = (req: Request, res: Response) =>
    new Promise<void>((resolve, reject) =>
      receive(req, res, (error?: unknown) => (error ? reject(toUploadError(error)) : resolve())),
    );

  return async ({ req, res }) => {
    const id = (parseParams(op, req.params) as Record<string, string>)[`${kind}_id`]!;
    const ctx = { ...operations.context(actorOf(req)), target: { kind, id } as AttachmentTarget };
    const projectId = await authorizeUpload(ctx);
    await runMulter(req, res);
    const file = req.file as (Express.Multer.File & StoredFile) | undefined;
    if (!file) {
      throw new ValidationError("Send multipart/form-data with exactly one field named file.", [
        { path: "file", message: "Required." },
      ]);
    }
    const stored = { storageKey: file.storageKey, size: file.size, sha256: file.sha256 };
    const filename = safeFilename(file.originalname);
    const contentType = safeContentType(file.mimetype);
    const record = () => recordAttachment({ ...ctx, projectId, stored, filename, contentType });
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined) {
      res.status(op.status).json(await record());
      return;
    }
    // A retried upload: the same key, target and bytes answer the first attachment; the copy
    // just received is not kept.
    const input = { params: { id }, file: { sha256: file.sha256, size: file.size, filename, contentType } };
    const idempotency = { key: checkIdempotencyKey(key, IDEMPOTENCY_HEADER), field: IDEMPOTENCY_HEADER };
    const result = await runOnce(ctx.db, { actor: ctx.actor, ...idempotency, op, input }, record).catch(
      async (error: unknown) => {
        await files.remove([file.storageKey]);
        throw error;
      },
    );
    if (result instanceof Replayed) {
      await files.remove([file.storageKey]);
      res.set("Idempotent-Replayed", "true").status(result.status).json(result.body);
    } else res.status(op.status).json(result);
  };
}

function downloadRoute(operations: Operations, op: BoardOperation): ByteRoute {
  return async ({ res, req }) => {
    const { attachment_id } = parseParams(op, req.params) as { attachment_id: string };
    const { attachment, path } = await openAttachment({
      ...operations.context(actorOf(req)),
      attachmentId: attachment_id,
    });
    const handle = await open(path, "r").catch(() => {
      throw new NotFoundError("The attachment's file is missing.");
    });
    res.status(200);
    res.setHeader("Content-Type", attachment.content_type);
    res.setHeader("Content-Length", String(attachment.size));
    res.setHeader("Content-Disposition", contentDisposition(attachment.filename));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", "sandbox");
    res.setHeader("Cache-Control", "private, no-store");
    await pipeline(handle.createReadStream(), res);
  };
}

/**
 * The registry's byte-level operations (multipart uploads, raw downloads): HTTP only, mounted with
 * their own request handlers over the services.
 */
export const attachmentRoutes = (
  operations: Operations,
  files: FileStore,
): Record<CustomOperationName, ByteRoute> => ({
  upload_card_attachment: uploadRoute(operations, files, boardOperations.upload_card_attachment, "card"),
  upload_comment_attachment: uploadRoute(
    operations,
    files,
    boardOperations.upload_comment_attachment,
    "comment",
  ),
  download_attachment: downloadRoute(operations, boardOperations.download_attachment),
});
