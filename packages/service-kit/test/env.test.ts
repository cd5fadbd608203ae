import path from "node:path";
import { baseEnvSchema, defaultDataDir, loadEnv } from "../src/index.ts";

const workspaceRoot = path.resolve(__dirname, "../../..");

describe("loadEnv", () => {
  it("puts the embedded databases under the workspace root's .data, whatever folder the command ran in", () => {
    const cwd = process.cwd();
    try {
      process.chdir(path.join(workspaceRoot, "apps/board-api"));
      const env = loadEnv(baseEnvSchema, { PORT: "4000", INIT_CWD: "/tmp" });
      expect(env.DATA_DIR).toBe(path.join(workspaceRoot, ".data"));
      expect(defaultDataDir()).toBe(env.DATA_DIR);
    } finally {
      process.chdir(cwd);
    }
  });

  it("reads a relative DATA_DIR from the workspace root too, and an absolute one as given", () => {
    expect(loadEnv(baseEnvSchema, { PORT: "1", DATA_DIR: "var/db" }).DATA_DIR).toBe(
      path.join(workspaceRoot, "var/db"),
    );
    expect(loadEnv(baseEnvSchema, { PORT: "1", DATA_DIR: "/srv/data" }).DATA_DIR).toBe("/srv/data");
  });

  it("logs readable lines in development and JSON otherwise, unless LOG_FORMAT says", () => {
    expect(loadEnv(baseEnvSchema, { PORT: "1" }).LOG_FORMAT).toBe("pretty");
    expect(loadEnv(baseEnvSchema, { PORT: "1", NODE_ENV: "production" }).LOG_FORMAT).toBe("json");
    expect(loadEnv(baseEnvSchema, { PORT: "1", LOG_FORMAT: "json" }).LOG_FORMAT).toBe("json");
    expect(() => loadEnv(baseEnvSchema, { PORT: "1", LOG_FORMAT: "fancy" })).toThrow(/LOG_FORMAT/);
  });
});
