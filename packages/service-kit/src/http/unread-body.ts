// A request refused before its body was read must not make the server read it anyway. Node keeps
// a connection alive by reading the rest of an unread body (and so does body-parser after an
// error): a client may send 1 MB to be told 401 and pay the server a megabyte of reading per try.
// Instead, such a connection is closed after the answer, without reading further. Closing at once
// would make the kernel reset the connection while the client is still sending, and some clients
// (curl) then lose the answer: the socket is paused and half-closed, so the client reads the
// answer and stops, and is destroyed LINGER_MS later.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";

/** How long a refused connection stays open (unread) for its client to read the answer. */
export const LINGER_MS = 2000;

/** Bodies up to this size (by Content-Length) are read off as usual: keep-alive is worth more. */
export const SMALL_BODY_BYTES = 64 * 1024;

const closing = new WeakSet<IncomingMessage>();

/** The body size the request announces: Content-Length, Infinity when chunked, 0 without a body. */
export function announcedBodyBytes(req: IncomingMessage): number {
  if (req.headers["transfer-encoding"] !== undefined) return Infinity;
  const length = Number(req.headers["content-length"] ?? 0);
  return Number.isFinite(length) ? length : Infinity;
}

/**
 * Answers on `res` will be the connection's last: what is left of the body is never read. Call it
 * before the answer's headers are sent. Nothing to do when the body was read in full.
 */
export function closeWithoutReading(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete || closing.has(req) || res.headersSent) return;
  closing.add(req);
  const socket = req.socket;
  res.setHeader("Connection", "close");
  // Node ends the connection with destroySoon() after an answer with `Connection: close`, and
  // resumes reading an unread request just before (to discard it): both are replaced here.
  socket.destroySoon = function lingeringClose() {
    this.end();
    setImmediate(() => this.pause());
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
  // A request being read (a parser's 'data' listener) resumes its socket as it drains, unless
  // the socket is marked paused by the server itself: Node's http server sets `_paused` for its
  // own backpressure, and then neither the request nor a 'resume' restarts reading.
  req.pause();
  (socket as typeof socket & { _paused?: boolean })._paused = true;
  socket.pause();
}

/**
 * Ahead of every route: an answer sent while a large body (over SMALL_BODY_BYTES, or chunked) has
 * not been read closes the connection without reading it (a bogus token, a rate limit, a 404).
 */
export function closeUnreadBodies(): RequestHandler {
  return (req, res, next) => {
    if (announcedBodyBytes(req) > SMALL_BODY_BYTES) {
      const writeHead = res.writeHead;
      res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
        if (req.readableFlowing !== true) closeWithoutReading(req, res);
        return writeHead.apply(this, args);
      } as typeof writeHead;
    }
    next();
  };
}
