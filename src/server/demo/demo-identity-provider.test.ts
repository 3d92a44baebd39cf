// The demo's identity provider mounted inside Seva's own server (ADR 0041, "Demo provider"): Seva listens on a real
// port, discovers the provider on that same port over HTTP, and a person signs in through its page with nothing but
// HTTP requests a browser would make. Real database, real oidc-provider, real openid-client.
import { createServer } from "node:net";
import { buildApp } from "@server/app";
import { demoSsoOf } from "@server/config";
import { ChangeTracker } from "@server/db/change-tracker";
import type { DatabaseHandle } from "@server/db/client";
import { userIdentities, users } from "@server/db/schema";
import { ensureBadgeCatalogue } from "@server/modules/badges/badge-catalogue";
import { SSO_START_PATH } from "@shared/domain/sso";
import { createTestUser, TEST_APP_CONFIG } from "@test/app";
import { createTestDatabase } from "@test/db";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoPeopleOf, mountDemoIdentityProvider, namesFromAddress } from "./demo-identity-provider";

let app: FastifyInstance;
let database: DatabaseHandle;
let changes: ChangeTracker;
let origin: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === "object" && address ? address.port : 0;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureBadgeCatalogue(database.db);
  changes = await ChangeTracker.start(database.changes);
  // As main.ts does: the issuer is the demo's own origin, known before it listens.
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const sso = demoSsoOf(origin);
  app = await buildApp({ db: database.db, config: { ...TEST_APP_CONFIG, sso }, logger: false, changes });
  await mountDemoIdentityProvider(app, { sso, people: demoPeopleOf("iimb.ac.in"), domain: "iimb.ac.in" });
  await app.listen({ port, host: "127.0.0.1" });
});
afterAll(async () => {
  await app?.close();
  await changes?.close();
  await database?.close();
});

/** One browser's cookies for the one origin everything here lives on. */
class Browser {
  private readonly cookies = new Map<string, string>();

  async go(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const response = await fetch(new URL(url, origin), {
      method: init.method ?? "GET",
      redirect: "manual",
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        ...(init.form ? { "content-type": "application/x-www-form-urlencoded", origin } : {}),
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      const value = pair.slice(at + 1);
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line))
        this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
    return response;
  }

  /** Follows redirects from `url` until a page (or Seva's own answer after the callback) is reached. */
  async follow(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    let response = await this.go(url, init);
    let at = url;
    for (let hop = 0; hop < 10 && response.headers.get("location"); hop += 1) {
      at = new URL(response.headers.get("location") ?? "", new URL(at, origin)).toString();
      if (at.startsWith(`${origin}/api/auth/sso/callback`)) return { response: await this.go(at), at };
      response = await this.go(at);
    }
    return { response, at };
  }
}

/** Starts a sign-in at Seva and returns the demo provider's page with its form's action. */
async function reachSignInPage(browser: Browser) {
  const { response, at } = await browser.follow(SSO_START_PATH);
  expect(at.startsWith(`${origin}/demo-sign-in/interaction/`)).toBe(true);
  expect(response.status).toBe(200);
  const html = await response.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? "";
  return { html, action, response };
}

async function currentUser(browser: Browser) {
  const response = await browser.go("/api/auth/user");
  expect(response.status).toBe(200);
  return (await response.json()) as {
    email: string;
    firstName: string;
    programPrompt: boolean;
    role: string;
  };
}

describe("the demo's identity provider", () => {
  it("publishes its discovery document under /demo-sign-in on Seva's own port", async () => {
    const response = await fetch(`${origin}/demo-sign-in/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(`${origin}/demo-sign-in`);
    expect(metadata.authorization_endpoint).toBe(`${origin}/demo-sign-in/auth`);
    expect(metadata.token_endpoint).toBe(`${origin}/demo-sign-in/token`);
    expect(metadata.code_challenge_methods_supported).toEqual(["S256"]);
  });

  it("offers an accessible page listing the seed's students and administrator, with no password field", async () => {
    const { html, response } = await reachSignInPage(new Browser());
    expect(response.headers.get("content-security-policy")).toContain("style-src 'self'");
    // Not helmet's no-referrer: under it a browser posts the form with `Origin: null`, refused as cross-site.
    expect(response.headers.get("referrer-policy")).toBe("same-origin");
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta name="viewport"');
    expect(html).toContain("<title>IIM Bangalore · Demo sign-in</title>");
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain("Microsoft Entra ID or Google Workspace");
    for (const name of [
      "Asha Rao",
      "Rohan Mehta",
      "Priya Iyer",
      "Arjun Nair",
      "Kavya Menon",
      "Meera Krishnan",
    ])
      expect(html).toContain(name);
    expect(html).toContain('<label for="email">');
    expect(html).toContain("Any address at iimb.ac.in.");
    expect(html).not.toMatch(/type="password"/);
    expect(html).not.toMatch(/<script|style="/);
    const css = await fetch(`${origin}/demo-sign-in/sign-in.css`);
    expect(css.headers.get("content-type")).toContain("text/css");
  });

  it("signs in a seeded student: her account is linked to the demo provider, no programme asked", async () => {
    const asha = await createTestUser(database.db, {
      email: "asha.rao@iimb.ac.in",
      firstName: "Asha",
      lastName: "Rao",
      program: "PGP",
    });
    const browser = new Browser();
    const { action } = await reachSignInPage(browser);
    const { response, at } = await browser.follow(action, {
      method: "POST",
      form: { email: "asha.rao@iimb.ac.in" },
    });
    expect(at.startsWith(`${origin}/api/auth/sso/callback?`)).toBe(true);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const user = await currentUser(browser);
    expect(user.email).toBe("asha.rao@iimb.ac.in");
    expect(user.programPrompt).toBe(false);
    const identities = await database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, asha.id));
    expect(identities.map((identity) => [identity.issuer, identity.subject])).toEqual([
      [`${origin}/demo-sign-in`, "asha.rao@iimb.ac.in"],
    ]);
  });

  it("signs in someone new by address: an account named from it, asked for the programme", async () => {
    const browser = new Browser();
    const { action } = await reachSignInPage(browser);
    const { response } = await browser.follow(action, {
      method: "POST",
      form: { email: " Nisha.Kulkarni@IIMB.ac.in " },
    });
    expect(response.headers.get("location")).toBe("/");
    const user = await currentUser(browser);
    expect(user).toMatchObject({
      email: "nisha.kulkarni@iimb.ac.in",
      firstName: "Nisha",
      programPrompt: true,
    });
    const [row] = await database.db.select().from(users).where(eq(users.email, "nisha.kulkarni@iimb.ac.in"));
    expect(row?.lastName).toBe("Kulkarni");
  });

  it("refuses a typed value that is no address with the page again, and signs nobody in", async () => {
    const browser = new Browser();
    const { action } = await reachSignInPage(browser);
    const before = await database.db.$count(users);
    const response = await browser.go(action, { method: "POST", form: { email: "not an address" } });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('aria-invalid="true"');
    expect(await database.db.$count(users)).toBe(before);
    expect((await browser.go("/api/auth/user")).status).toBe(401);
  });

  it("answers a sign-in posted again after it finished, without a server error", async () => {
    const browser = new Browser();
    const { action } = await reachSignInPage(browser);
    await browser.follow(action, { method: "POST", form: { email: "priya.iyer@iimb.ac.in" } });
    const again = await browser.go(action, { method: "POST", form: { email: "kavya.menon@iimb.ac.in" } });
    expect(again.status).toBeLessThan(500);
    // Still Priya: the second post signed nobody else in at Seva.
    expect((await currentUser(browser)).email).toBe("priya.iyer@iimb.ac.in");
  });

  it("answers an interaction it does not know with an expired page, not an error", async () => {
    const response = await fetch(`${origin}/demo-sign-in/interaction/unknown-uid`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This sign-in has expired");
  });
});

describe("namesFromAddress", () => {
  it("takes the names from the address's local part", () => {
    expect(namesFromAddress("asha.rao@iimb.ac.in")).toEqual({ givenName: "Asha", familyName: "Rao" });
    expect(namesFromAddress("guest@iimb.ac.in")).toEqual({ givenName: "Guest", familyName: "" });
    expect(namesFromAddress("ravi_k.shah@x.in")).toEqual({ givenName: "Ravi", familyName: "K Shah" });
    expect(namesFromAddress("1234@x.in")).toEqual({ givenName: "Guest", familyName: "" });
  });
});
