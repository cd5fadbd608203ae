import { EmptyResult } from "@org/contracts";
import type { Metrics } from "@org/service-kit";
import type { Operations } from "./index.ts";

/**
 * `board_claim_next_duration_seconds{result}`: how long claim_next_card takes, over HTTP or MCP
 * alike, by result: `claimed`, `empty` (no card eligible) or `error`.
 */
export function timeClaimNext(operations: Operations, metrics: Metrics): Operations {
  const durations = metrics.histogram({
    name: "board_claim_next_duration_seconds",
    help: "Time claim_next_card takes (HTTP and MCP), by result: claimed, empty, error.",
    labelNames: ["result"],
  });
  return {
    ...operations,
    async invoke(op, input, actor, options) {
      if (op.name !== "claim_next_card") return operations.invoke(op, input, actor, options);
      const stop = durations.startTimer();
      try {
        const result = await operations.invoke(op, input, actor, options);
        stop({ result: result instanceof EmptyResult ? "empty" : "claimed" });
        return result;
      } catch (error) {
        stop({ result: "error" });
        throw error;
      }
    },
  };
}
