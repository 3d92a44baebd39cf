import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { installErrorHandler } from "./error-handler";

/** An app whose one route fails the way a database query does: an error whose cause carries an SQLSTATE. */
async function failingWith(code: string) {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  app.get("/", async () => {
    throw new Error("Failed query", { cause: Object.assign(new Error("database error"), { code }) });
  });
  const response = await app.inject({ method: "GET", url: "/" });
  await app.close();
  return { status: response.statusCode, body: response.json() };
}

describe("database errors as answers", () => {
  it("answers the caller's 4xx for what a request's content can cause", async () => {
    for (const code of ["22001", "22003", "22007", "22008", "22021", "22P02", "22P05", "23514"])
      expect((await failingWith(code)).status, code).toBe(400);
    expect(await failingWith("23505")).toEqual({
      status: 409,
      body: { message: "This already exists", code: "refused" },
    });
    expect((await failingWith("23503")).status).toBe(409);
  });

  it("keeps the server's own bugs a 500 without details, even in the data-error class", async () => {
    for (const code of ["22012", "42703", "42P01", "XX000"])
      expect(await failingWith(code), code).toEqual({
        status: 500,
        body: { message: "Internal Server Error", code: "internal" },
      });
  });
});
