import path from "node:path";
import { describeServiceProcess } from "@org/service-kit/testing";

describeServiceProcess(
  "auth-server",
  path.resolve(__dirname, ".."),
  (body) => (body as { error_code: string }).error_code,
);
