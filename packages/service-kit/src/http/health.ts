import type { Db } from "@org/db";
import type { RequestHandler } from "express";
import { AppError } from "../errors.ts";

/** `GET /healthz`: ok once the database answers (it is migrated before the server listens). */
export function healthHandler(db: Db): RequestHandler {
  return async (_req, res) => {
    try {
      await db.$queryRaw`SELECT 1`;
    } catch {
      throw new AppError("unavailable", "Database unreachable.");
    }
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  };
}
