import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { redactUrl, serializeError } from "./log-serializers";

describe("redactUrl", () => {
  it.each([
    [
      "/api/opportunities?search=asha.rao%40iimb.ac.in&limit=5",
      "/api/opportunities?search=[redacted]&limit=5",
    ],
    ["/api/x?email=asha.rao@iimb.ac.in", "/api/x?email=[redacted]"],
    ["/api/x?password=hunter2&token=abc&sort=new", "/api/x?password=[redacted]&token=[redacted]&sort=new"],
    ["/api/x?asha%40iimb.ac.in", "/api/x?[redacted]"],
    ["/api/users/asha@iimb.ac.in/profile", "/api/users/[email]/profile"],
    [
      "/api/opportunities?search=beach+cleanup&type=Environment",
      "/api/opportunities?search=beach+cleanup&type=Environment",
    ],
    ["/api/health", "/api/health"],
    ["/calendar/0123456789abcdef0123456789abcdef.ics", "/calendar/[redacted]"],
  ])("%s → %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe("serializeError", () => {
  it("keeps a failed query's SQL and cause but drops its parameters, a database detail and bodies", () => {
    const driverError = Object.assign(new Error("duplicate key value violates unique constraint"), {
      code: "23505",
      constraint: "users_email_unique",
      table: "users",
      detail: "Key (email)=(asha.rao@iimb.ac.in) already exists.",
      body: { password: "hunter2-hunter2" },
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ["asha.rao@iimb.ac.in", "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA"],
      driverError,
    );
    const serialized = serializeError(error);
    const text = JSON.stringify(serialized);
    expect(text).not.toContain("asha.rao");
    expect(text).not.toContain("argon2");
    expect(text).not.toContain("hunter2");
    expect(serialized).toMatchObject({
      type: "DrizzleQueryError",
      message: 'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)',
      cause: { code: "23505", constraint: "users_email_unique", table: "users" },
    });
    expect(serialized.stack).toMatch(/^Error: Failed query: insert into "users"[^\n]*\n\s+at /);
    expect(serialized).not.toHaveProperty("params");
    expect(serialized.cause).not.toHaveProperty("detail");
  });

  it("scrubs e-mail addresses from messages and handles values that are not errors", () => {
    expect(serializeError(new Error("no user asha@iimb.ac.in")).message).toBe("no user [email]");
    expect(serializeError("asha@iimb.ac.in went wrong")).toEqual({
      type: "string",
      message: "[email] went wrong",
      stack: "",
    });
  });
});
