// The HTTP side of the browser-facing routes: the SDK files and their caching, the embed pages'
// CSP, the demo, and the PRF salt at authenticate/start.
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import request from "supertest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { makeTenant, ORIGIN, sessionToken } from "./helpers/flows.ts";
import { startQr } from "./helpers/qr.ts";

const TENANT_ORIGIN = "https://shop.pages.test";
let t: TestApp;
let apiKey: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ apiKey } = await makeTenant(t, { origins: [TENANT_ORIGIN] }));
});
afterAll(() => t.close());

describe("/sdk", () => {
  it("serves authkit.js to any origin revalidated on each use (no-cache + ETag) and a source map", async () => {
    const res = await request(t.app).get("/sdk/authkit.js");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(res.headers.etag).toBeTruthy();
    expect(res.text).toMatch(/customElements\.define\("authkit-authenticate"/);
    expect(res.text).toMatch(/sourceMappingURL=authkit\.js\.map/);
    const again = await request(t.app)
      .get("/sdk/authkit.js")
      .set("If-None-Match", res.headers.etag as string);
    expect(again.status).toBe(304);
    expect((await request(t.app).get("/sdk/authkit.js.map")).status).toBe(200);
  });

  it("serves the lazy QR chunk and the embed scripts as immutable, hashed files", async () => {
    const main = (await request(t.app).get("/sdk/authkit.js")).text;
    const chunk = /import\("\.\/(chunks\/qr-socket-[A-Z0-9]{8}\.js)"\)/.exec(main)?.[1];
    expect(chunk).toBeDefined();
    const res = await request(t.app).get(`/sdk/${chunk}`);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
  });

  /** The raw bytes and headers of a GET (supertest would decompress the body). */
  async function raw(url: string, headers: Record<string, string> = {}) {
    const server = http.createServer(t.app).listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const req = http.get({ host: "127.0.0.1", port, path: url, headers });
      const [res] = (await once(req, "response")) as [http.IncomingMessage];
      const chunks: Buffer[] = [];
      for await (const chunk of res) chunks.push(chunk as Buffer);
      return { status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) };
    } finally {
      server.close();
    }
  }

  it("sends the build's brotli or gzip copy as Accept-Encoding asks, each decompressing to the same bytes", async () => {
    const main = (await request(t.app).get("/sdk/authkit.js")).text;
    const chunk = /import\("\.\/(chunks\/qr-socket-[A-Z0-9]{8}\.js)"\)/.exec(main)?.[1];
    const embed = /<script type="module" src="(\/sdk\/embed\/[\w-]+\.js)"><\/script>/.exec(
      (await request(t.app).get("/auth-embed").query({ origin: TENANT_ORIGIN })).text,
    )?.[1];
    for (const url of ["/sdk/authkit.js", `/sdk/${chunk}`, embed as string]) {
      const identity = await raw(url, { "Accept-Encoding": "identity" });
      const br = await raw(url, { "Accept-Encoding": "gzip, deflate, br" });
      const gzip = await raw(url, { "Accept-Encoding": "gzip" });
      expect([identity.status, br.status, gzip.status]).toEqual([200, 200, 200]);
      expect(identity.headers["content-encoding"]).toBeUndefined();
      expect(br.headers["content-encoding"]).toBe("br");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      for (const res of [identity, br, gzip]) {
        expect(res.headers.vary).toMatch(/Accept-Encoding/);
        expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
        expect(res.headers["access-control-allow-origin"]).toBe("*");
        expect(Number(res.headers["content-length"])).toBe(res.body.length);
      }
      expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
      expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
      expect(br.body.length).toBeLessThan(gzip.body.length);
      expect(gzip.body.length).toBeLessThan(identity.body.length / 2);
      // Each encoding is its own representation: its own ETag, so a cache never mixes them up.
      expect(new Set([identity, br, gzip].map((res) => res.headers.etag)).size).toBe(3);
    }
  });

  it("answers 304 to the ETag of the encoding the browser holds, and sends it again when it changed", async () => {
    const first = await raw("/sdk/authkit.js", { "Accept-Encoding": "br" });
    expect(first.headers["cache-control"]).toBe("no-cache");
    const etag = first.headers.etag as string;
    const again = await raw("/sdk/authkit.js", { "Accept-Encoding": "br", "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers.vary).toMatch(/Accept-Encoding/);
    const stale = await raw("/sdk/authkit.js", { "Accept-Encoding": "br", "If-None-Match": 'W/"0-0"' });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(first.body)).toBe(true);
  });

  it("keeps hashed files immutable for a year in every encoding, and never serves the copies by name", async () => {
    const main = (await request(t.app).get("/sdk/authkit.js")).text;
    const chunk = /import\("\.\/(chunks\/qr-socket-[A-Z0-9]{8}\.js)"\)/.exec(main)?.[1] as string;
    for (const encoding of ["br", "gzip", "identity"]) {
      const res = await raw(`/sdk/${chunk}`, { "Accept-Encoding": encoding });
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    expect((await request(t.app).get("/sdk/authkit.js.br")).status).toBe(404);
    expect((await request(t.app).get("/sdk/authkit.js.gz")).status).toBe(404);
    expect((await request(t.app).get(`/sdk/${chunk}.br`)).status).toBe(404);
  });

  it("sends the pages' own scripts and styles (/assets) brotli or gzip, immutable, never the copies by name", async () => {
    const page = (await request(t.app).get("/qr")).text;
    const assets = [...page.matchAll(/(\/assets\/qr-phone(?:-style)?-[A-Z0-9]{8}\.(?:js|css))/g)].map(
      (match) => match[1] as string,
    );
    expect(assets).toHaveLength(2);
    for (const url of assets) {
      const identity = await raw(url, { "Accept-Encoding": "identity" });
      const br = await raw(url, { "Accept-Encoding": "gzip, br" });
      const gzip = await raw(url, { "Accept-Encoding": "gzip" });
      expect([identity.status, br.status, gzip.status]).toEqual([200, 200, 200]);
      expect([br.headers["content-encoding"], gzip.headers["content-encoding"]]).toEqual(["br", "gzip"]);
      expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
      expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
      for (const res of [identity, br, gzip]) {
        expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(res.headers.vary).toMatch(/Accept-Encoding/);
        expect(res.headers["access-control-allow-origin"]).toBeUndefined();
      }
      expect((await request(t.app).get(`${url}.br`)).status).toBe(404);
    }
  });

  it("serves nothing else from the package (no esm/, no manifest)", async () => {
    expect((await request(t.app).get("/sdk/esm/index.js")).status).toBe(404);
    expect((await request(t.app).get("/sdk/manifest.json")).status).toBe(404);
    expect((await request(t.app).get("/sdk/../package.json")).status).toBe(404);
  });
});

describe("/auth-embed and /register-embed", () => {
  it.each(["auth-embed", "register-embed"])("%s may be framed by a tenant's origin only", async (page) => {
    const allowed = await request(t.app).get(`/${page}`).query({ origin: TENANT_ORIGIN });
    expect(allowed.status).toBe(200);
    expect(allowed.headers["content-type"]).toBe("text/html; charset=utf-8");
    const csp = allowed.headers["content-security-policy"] as string;
    expect(csp).toContain(`frame-ancestors ${TENANT_ORIGIN}`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(allowed.headers["x-frame-options"]).toBeUndefined();
    expect(allowed.headers["cache-control"]).toBe("no-store");
    const script = /<script type="module" src="(\/sdk\/embed\/[\w-]+\.js)"><\/script>/.exec(
      allowed.text,
    )?.[1];
    expect(script).toMatch(new RegExp(`^/sdk/embed/${page}-[A-Z0-9]{8}\\.js$`));
    expect((await request(t.app).get(script as string)).status).toBe(200);
    expect(allowed.text).not.toMatch(/<script>|<style>| style=/);

    for (const origin of ["https://evil.test", `${TENANT_ORIGIN}/path`, `${TENANT_ORIGIN}:443`, "null"]) {
      const refused = await request(t.app).get(`/${page}`).query({ origin });
      expect(refused.status).toBe(403);
      expect(refused.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(refused.headers["x-frame-options"]).toBe("DENY");
    }
  });

  it("refuses a disabled tenant's origin and needs the origin parameter", async () => {
    const { tenant } = await makeTenant(t, { origins: ["https://gone.pages.test"] });
    await t.database.db.tenant.update({ where: { id: tenant.id }, data: { disabled: true } });
    expect(
      (await request(t.app).get("/auth-embed").query({ origin: "https://gone.pages.test" })).status,
    ).toBe(403);
    const missing = await request(t.app).get("/auth-embed");
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, error_code: "bad_request" });
  });

  it("escapes nothing it did not get: the page carries no query text", async () => {
    const res = await request(t.app)
      .get("/auth-embed")
      .query({ origin: `${TENANT_ORIGIN}"><script>alert(1)</script>` });
    expect(res.status).toBe(403);
    expect(res.text).not.toContain("<script>alert(1)");
  });
});

describe("/demo", () => {
  it("is served outside production, with a strict CSP and tokens minted for the page", async () => {
    const res = await request(t.app).get("/demo");
    expect(res.status).toBe(200);
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.text).toMatch(/data-session-token="st_[\w-]+"/);
    expect(res.text).toMatch(
      /<authkit-register\s+api-base-url="http:\/\/localhost:4100"\s+token="ut_[\w-]+"/,
    );
    const tenants = await t.database.db.tenant.findMany({ where: { name: "AuthKit demo" } });
    expect(tenants).toEqual([
      expect.objectContaining({ rpId: "localhost", origins: ["http://localhost:4100"] }),
    ]);
    await request(t.app).get("/demo");
    expect(await t.database.db.tenant.count({ where: { name: "AuthKit demo" } })).toBe(1);
  });

  it("is not found in production", async () => {
    const production = t.sibling({ NODE_ENV: "production" });
    const res = await request(production).get("/demo");
    expect(res.status).toBe(404);
    expect((await request(production).post("/demo/verify").send({ challengeId: "x" })).status).toBe(404);
  });
});

describe("POST /auth/v1/authenticate/start with prf", () => {
  it("returns the tenant's PRF salt and asks for it in the options", async () => {
    const token = await sessionToken(t.app, apiKey);
    const res = await request(t.app)
      .post("/auth/v1/authenticate/start")
      .set("Authorization", `Bearer ${token}`)
      .send({ prf: true });
    expect(res.status).toBe(200);
    expect(res.body.prfSalt).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.options.extensions).toEqual({ prf: { eval: { first: res.body.prfSalt } } });
    const plain = await request(t.app)
      .post("/auth/v1/authenticate/start")
      .set("Authorization", `Bearer ${token}`)
      .send({});
    expect(plain.body.prfSalt).toBeUndefined();
    expect(plain.body.options.extensions).toBeUndefined();
  });
});

describe("/qr (the phone page)", () => {
  it("is a page of its own scripts and styles, never framed nor cached, carrying no secret", async () => {
    const res = await request(t.app).get("/qr");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    const csp = res.headers["content-security-policy"] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.text).toMatch(/<script type="module" src="\/assets\/qr-phone-[A-Z0-9]{8}\.js"><\/script>/);
    expect(res.text).toMatch(/<link rel="stylesheet" href="\/assets\/qr-phone-style-[A-Z0-9]{8}\.css" \/>/);
    expect(res.text).not.toMatch(/<script>|style="/);
    expect(res.text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1" />');
  });
});

describe("page languages (en, de, fr, es)", () => {
  // A tenant of the QR helper's page origin.
  let qrKey: string;
  beforeAll(async () => {
    ({ apiKey: qrKey } = await makeTenant(t, { origins: [ORIGIN] }));
  });
  const lede = (page: string) =>
    /<p class="lede" data-purpose="authenticate">([\s\S]*?)<\/p>/.exec(page)?.[1];
  const warning = (page: string) => /data-text="phishing">[\s\S]*?<span>([^<]*)<\/span>/.exec(page)?.[1];

  it("the QR link carries the site's language, and the phone page speaks it, anti-phishing warning included", async () => {
    const start = await startQr(t.app, await sessionToken(t.app, qrKey), { lang: "de-DE" });
    const url = new URL(start.mobileUrl);
    expect(url.pathname + url.search).toBe("/qr?lang=de");
    // A phone set to English still gets the site's German.
    const res = await request(t.app).get("/qr?lang=de").set("Accept-Language", "en-US,en;q=0.9");
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="de">');
    expect(res.text).toContain("<title>Mit dem Smartphone anmelden</title>");
    expect(res.text).toContain('<h1 data-purpose="authenticate">Auf Ihrem Computer anmelden?</h1>');
    expect(warning(res.text)).toBe(
      "Fahren Sie nur fort, wenn Sie an diesem Computer sind und gerade seinen Code gescannt haben. Wenn Ihnen jemand diesen Code geschickt hat, tippen Sie auf Abbrechen.",
    );
    expect(res.text).toContain("Dieses Smartphone ist in einem anderen Netzwerk");
    expect(res.text).toContain('<button type="button" class="secondary" id="cancel">Abbrechen</button>');
    // The sentences its script writes come along, in German.
    expect(res.text).toContain("Diese Anfrage läuft in {time} ab");
    expect(res.text).not.toMatch(/Continue only if|Sign in on your computer/);
  });

  it("without lang, the phone's Accept-Language decides (de-DE is German)", async () => {
    const res = await request(t.app).get("/qr").set("Accept-Language", "de-DE,de;q=0.9,en;q=0.8");
    expect(res.text).toContain('<html lang="de">');
    expect(lede(res.text)).toContain("Ihr Passkey auf diesem Smartphone meldet Sie bei");
    expect(res.headers.vary).toMatch(/Accept-Language/);
    const french = await request(t.app).get("/qr").set("Accept-Language", "pt-BR, fr;q=0.5");
    expect(french.text).toContain('<html lang="fr">');
    expect(warning(french.text)).toMatch(/^Ne continuez que si vous êtes devant cet ordinateur/);
    const spanish = await request(t.app).get("/qr?lang=es");
    expect(warning(spanish.text)).toMatch(/^Continúa solo si estás frente a ese ordenador/);
  });

  it("falls back to English for a language it does not speak, from the link or the phone", async () => {
    const start = await startQr(t.app, await sessionToken(t.app, qrKey), { lang: "pt-BR" });
    expect(new URL(start.mobileUrl).search).toBe("");
    const res = await request(t.app).get("/qr?lang=pt").set("Accept-Language", "ja-JP,ja;q=0.9");
    expect(res.text).toContain('<html lang="en">');
    expect(warning(res.text)).toBe(
      "Continue only if you are at that computer and just scanned its code. If someone sent you this code, tap Cancel.",
    );
    expect((await request(t.app).get("/qr")).text).toContain('<html lang="en">');
  });

  it("the embeds' pages, their refusal, and the admin sign-in and invite pages speak it too", async () => {
    const embed = await request(t.app).get("/auth-embed").query({ origin: TENANT_ORIGIN, lang: "fr" });
    expect(embed.text).toContain('<html lang="fr">');
    expect(embed.text).toContain("<title>Connexion avec une passkey</title>");
    const refused = await request(t.app)
      .get("/register-embed")
      .query({ origin: "https://elsewhere.test" })
      .set("Accept-Language", "es-ES");
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('<html lang="es">');
    expect(refused.text).toContain("<h1>No disponible aquí</h1>");
    const signIn = await request(t.app).get("/").set("Accept-Language", "de");
    expect(signIn.text).toContain('<html lang="de">');
    expect(signIn.text).toContain("<h1>Beim Dashboard anmelden</h1>");
    expect(signIn.text).toMatch(/<authkit-authenticate[^>]*label="Mit Passkey anmelden"[^>]*lang="de"/);
    const expired = await request(t.app)
      .get("/admin/invite")
      .query({ code: "x".repeat(43) })
      .set("Accept-Language", "fr");
    expect(expired.status).toBe(410);
    expect(expired.text).toContain("<h1>Ce lien d&#39;invitation ne peut pas être utilisé</h1>");
  });
});
