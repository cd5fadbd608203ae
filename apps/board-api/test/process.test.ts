import path from "node:path";
import { describeServiceProcess } from "@org/service-kit/testing";

describeServiceProcess(
  "board-api",
  path.resolve(__dirname, ".."),
  (body) => (body as { error: { code: string } }).error.code,
);
