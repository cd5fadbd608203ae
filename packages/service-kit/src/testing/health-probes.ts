import type { Express } from "express";
import request from "supertest";

/** A test instance of a service, built with extra environment variables. */
export interface HealthProbeTarget {
  app: Express;
  close(): Promise<void>;
}

/**
 * Both services limit `/healthz` and `/readyz` per client IP (issue 28: 64 `/readyz` at a time slowed
 * every other request), while probes from loopback and private addresses, as orchestrators send them,
 * are never counted.
 */
export function describeHealthProbes(createApp: (env: Record<string, string>) => Promise<HealthProbeTarget>) {
  describe("health probes (issue 28: 64 /readyz at a time slowed every other request)", () => {
    it("are limited per client IP on each instance; loopback and private addresses are not counted", async () => {
      const limited = await createApp({ TRUST_PROXY: "loopback", HEALTH_RATE_LIMIT_PER_MINUTE: "3" });
      try {
        const probe = (path: string, ip?: string) => {
          const req = request(limited.app).get(path);
          return ip ? req.set("X-Forwarded-For", ip) : req;
        };
        const outside: number[] = [];
        for (const path of ["/healthz", "/readyz", "/healthz", "/readyz"])
          outside.push((await probe(path, "203.0.113.7")).status);
        expect(outside).toEqual([200, 200, 200, 429]);
        const refused = await probe("/healthz", "203.0.113.7");
        expect(refused.status).toBe(429);
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
        expect((await probe("/readyz", "198.51.100.9")).status).toBe(200);
        for (const ip of ["10.0.0.5", "172.20.1.1", "192.168.1.2", "fd00::1", "::ffff:10.1.1.1", undefined]) {
          const statuses = await Promise.all(Array.from({ length: 8 }, () => probe("/readyz", ip)));
          expect([ip, statuses.map((res) => res.status)]).toEqual([ip, Array(8).fill(200)]);
        }
      } finally {
        await limited.close();
      }
    });
  });
}
