import type { QrChallenge } from "./store.ts";

/** Told of every status change, on the instance that made it (socket.io pushes it to watchers). */
export interface QrStatusEvents {
  changed(challenge: QrChallenge): void;
}

/** No live watchers (tests of the HTTP API alone): polling still reads the truth. */
export const noQrEvents: QrStatusEvents = { changed: () => undefined };
