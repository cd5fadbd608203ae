import { EmptyResult } from "@org/contracts";
import type { Metrics } from "@org/service-kit";
import type { Handlers } from "./operation.ts";

/**
 * `board_claim_next_duration_seconds{result}`: how long claim_next_card takes, over HTTP or MCP
 * alike, by result: `claimed`, `empty` (no card eligible) or `error`.
 */
export function timeClaimNext(handlers: Handlers, metrics: Metrics): Handlers {
  const durations = metrics.histogram({
    name: "board_claim_next_duration_seconds",
    help: "Time claim_next_card takes (HTTP and MCP), by result: claimed, empty, error.",
    labelNames: ["result"],
  });
  const claimNext = handlers.claim_next_card;
  return {
    ...handlers,
    async claim_next_card(input) {
      const stop = durations.startTimer();
      try {
        const result = await claimNext(input);
        stop({ result: result instanceof EmptyResult ? "empty" : "claimed" });
        return result;
      } catch (error) {
        stop({ result: "error" });
        throw error;
      }
    },
  };
}
