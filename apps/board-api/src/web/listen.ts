// `listen("changed", fn)` in the views' templates, typed from the page's events (events.ts); apart
// from events.ts so that api.ts, which sends board:signed-out, does not load lit.
import { typedListen } from "@org/web-kit/listen";
import type { BoardEvents } from "./events.ts";

export const { listen } = typedListen<BoardEvents>();
