import http from "node:http";
import type { AddressInfo } from "node:net";
import { cacheSecondsOf, guardedFetch, isNonPublicAddress, OutboundFetchError } from "../src/index.ts";

let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/doc") res.setHeader("Cache-Control", "public, max-age=600");
    if (req.url === "/doc" || req.url === "/nostore") {
      if (req.url === "/nostore") res.setHeader("Cache-Control", "no-store");
      res.setHeader("Content-Type", "application/json");
      res.end('{"client_name":"x"}');
    } else if (req.url === "/big") res.end("x".repeat(70 * 1024));
    else if (req.url === "/redirect") res.writeHead(302, { Location: "/doc" }).end();
    else if (req.url === "/slow") setTimeout(() => res.end("{}"), 3000);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const loopback = { allowPrivateAddresses: true, protocols: ["http:"] as const };

describe("guardedFetch", () => {
  it("classifies addresses", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "192.168.1.1",
      "172.20.0.1",
      "169.254.169.254",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "0.0.0.0",
    ]) {
      expect([address, isNonPublicAddress(address)]).toEqual([address, true]);
    }
    for (const address of ["93.184.216.34", "2606:4700::1111", "::ffff:8.8.8.8"]) {
      expect([address, isNonPublicAddress(address)]).toEqual([address, false]);
    }
  });

  it("refuses private and loopback addresses, by literal and by name, unless allowed", async () => {
    await expect(guardedFetch(`${base}/doc`, { protocols: ["http:"] })).rejects.toThrow(
      "127.0.0.1 is not a public address",
    );
    const byName = base.replace("127.0.0.1", "localhost");
    await expect(guardedFetch(`${byName}/doc`, { protocols: ["http:"] })).rejects.toThrow(
      /resolves to .*not a public address/,
    );
    await expect(guardedFetch("https://169.254.169.254/latest/meta-data")).rejects.toBeInstanceOf(
      OutboundFetchError,
    );
  });

  it("refuses other schemes than https by default", async () => {
    await expect(guardedFetch(`${base}/doc`, { allowPrivateAddresses: true })).rejects.toThrow(
      "only https: URLs are fetched",
    );
    await expect(guardedFetch("file:///etc/passwd")).rejects.toThrow("only https: URLs are fetched");
  });

  it("fetches and reads the cache lifetime from the headers", async () => {
    const doc = await guardedFetch(`${base}/doc`, loopback);
    expect(doc).toMatchObject({ status: 200, body: '{"client_name":"x"}', cacheSeconds: 600 });
    const noStore = await guardedFetch(`${base}/nostore`, loopback);
    expect(noStore.cacheSeconds).toBe(60);
  });

  it("enforces the size and time limits and follows no redirect", async () => {
    await expect(guardedFetch(`${base}/big`, loopback)).rejects.toThrow("larger than 65536 bytes");
    await expect(guardedFetch(`${base}/redirect`, loopback)).rejects.toThrow("redirects are not followed");
    await expect(guardedFetch(`${base}/slow`, { ...loopback, timeoutMs: 300 })).rejects.toThrow(
      "no answer within 300 ms",
    );
  });

  it("bounds cache lifetimes", () => {
    const bounds = { min: 60, max: 86400, fallback: 3600 };
    expect(cacheSecondsOf({}, bounds)).toBe(3600);
    expect(cacheSecondsOf({ "cache-control": "max-age=5" }, bounds)).toBe(60);
    expect(cacheSecondsOf({ "cache-control": "max-age=999999" }, bounds)).toBe(86400);
  });
});
