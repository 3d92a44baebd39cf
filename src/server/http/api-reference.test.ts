import { describe, expect, it } from "vitest";
import { describeSchema, renderApiReference } from "./api-reference";

describe("renderApiReference", () => {
  it("escapes every text it takes from the document", () => {
    const page = renderApiReference(
      {
        info: { title: "A <b>title</b>", version: "1", description: "Uses `<script>` and **bold**" },
        paths: {
          "/api/x/{id}": {
            get: {
              operationId: "x.get",
              tags: ["x"],
              summary: '<img src=x onerror="alert(1)">',
              "x-access": "admin",
              parameters: [{ name: "<id>", in: "path", required: true, schema: { type: "integer" } }],
              responses: {
                "200": {
                  description: "ok",
                  content: { "application/json": { schema: { title: "</pre>" } } },
                },
              },
            },
          },
        },
      },
      "/api/openapi.json",
    );
    expect(page).not.toMatch(/<(script|img|b)\b/);
    expect(page).toContain("<code>&lt;script&gt;</code> and <strong>bold</strong>");
    expect(page).toContain("&lt;/pre&gt;");
    expect(page).toContain('<section aria-labelledby="tag-x">');
  });
});

describe("describeSchema", () => {
  it("says a parameter's type, values, bounds and default in a line", () => {
    expect(describeSchema({ type: "integer", minimum: 1, maximum: 100, default: 50 })).toBe(
      "integer, at least 1, at most 100, default 50",
    );
    expect(describeSchema({ type: "array", maxItems: 50, items: { type: "string", enum: ["a", "b"] } })).toBe(
      'list of one of "a", "b", at most 50 values',
    );
    expect(describeSchema({ anyOf: [{ type: "integer" }, { type: "string", enum: [""] }] })).toBe(
      'integer | one of ""',
    );
    expect(describeSchema(undefined)).toBe("any");
  });
});
