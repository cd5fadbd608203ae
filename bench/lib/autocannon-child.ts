// The child side of load-in-child.ts: runs the autocannon options it is sent, answers the result.
import autocannon from "autocannon";

process.once("message", (options) => {
  void autocannon(options as autocannon.Options).then((result) => {
    process.send?.(result, () => process.exit(0));
  });
});
