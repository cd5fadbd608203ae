import { metricValue } from "@org/service-kit/testing";
import request from "supertest";
import { createTestApp, type TestApp } from "../src/testing/app.ts";
import { makeBoard, makeCard } from "../src/testing/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /metrics", () => {
  it("times claim-next by result and counts requests by route template", async () => {
    const { owner, project, column } = await makeBoard(t);
    const card = await makeCard(owner.api, column.id, { owner_type: "agent" });
    expect((await owner.api.post(`/projects/${project.id}/claim-next`)).body.id).toBe(card.id);
    expect((await owner.api.post(`/projects/${project.id}/claim-next`)).status).toBe(204);
    expect((await owner.api.get(`/cards/${card.id}`)).status).toBe(200);
    // The web app's page: one route of two paths, labelled by the one each request matched.
    expect((await request(t.app).get("/app")).status).toBe(200);
    expect((await request(t.app).get(`/app/projects/${project.id}`)).status).toBe(200);

    const text = (await request(t.app).get("/metrics")).text;
    const service = "board-api";
    const claimNext = "board_claim_next_duration_seconds_count";
    expect(metricValue(text, claimNext, { service, result: "claimed" })).toBe(1);
    expect(metricValue(text, claimNext, { service, result: "empty" })).toBe(1);
    const requests = (method: string, route: string, status: string) =>
      metricValue(text, "http_requests_total", { service, method, route, status });
    expect(requests("GET", "/api/v1/cards/:card_id", "200")).toBe(1);
    expect(requests("POST", "/api/v1/projects/:project_id/claim-next", "200")).toBe(1);
    expect(requests("POST", "/api/v1/projects/:project_id/claim-next", "204")).toBe(1);
    expect(requests("GET", "/app", "200")).toBe(1);
    expect(requests("GET", "/app/{*path}", "200")).toBe(1);
    expect(text).not.toContain("/app,");
    expect(text).not.toContain(card.id);
    expect(text).not.toContain(project.id);
  });

  it("is off in production without METRICS_TOKEN", async () => {
    const production = await createTestApp({ NODE_ENV: "production" });
    try {
      const res = await request(production.app).get("/metrics");
      expect([res.status, res.body.error.code]).toEqual([404, "not_found"]);
    } finally {
      await production.close();
    }
  });
});
