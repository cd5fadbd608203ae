import express from "express";
import request from "supertest";
import { boardErrors, createHttpApp, finishHttpApp, Metrics } from "../src/index.ts";
import { createLogger } from "../src/logger.ts";
import { metricValue } from "../src/testing/metrics.ts";

describe("http_requests_total's route label", () => {
  it("is the registered path that matched, also for a route of several paths", async () => {
    const metrics = new Metrics({ service: "test" });
    const app = createHttpApp({ logger: createLogger({ service: "test", level: "silent" }), metrics });
    app.get(["/app", "/app/{*path}"], (_req, res) => {
      res.send("page");
    });
    const nested = express.Router();
    nested.get(["/items/:id", "/things/:id"], (_req, res) => {
      res.json({});
    });
    app.use("/api", nested);
    finishHttpApp(app, boardErrors);
    for (const path of [
      "/app",
      "/app/",
      "/app/projects/7",
      "/app/projects/8",
      "/api/items/1",
      "/api/things/2",
    ])
      expect((await request(app).get(path)).status).toBe(200);

    const text = await metrics.render();
    const requests = (route: string) =>
      metricValue(text, "http_requests_total", { service: "test", method: "GET", route, status: "200" });
    expect(requests("/app")).toBe(2);
    expect(requests("/app/{*path}")).toBe(2);
    expect(requests("/api/items/:id")).toBe(1);
    expect(requests("/api/things/:id")).toBe(1);
    expect(text).not.toContain("/app,");
    expect(text).not.toContain("/items/:id,");
  });
});
