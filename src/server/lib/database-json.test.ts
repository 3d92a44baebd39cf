import { describe, expect, it } from "vitest";
import { z } from "zod";
import { assertMatchesContract } from "./database-json";

const Progress = z.array(z.object({ id: z.number(), completedHours: z.number() }));

describe("assertMatchesContract", () => {
  it("accepts JSON that is exactly what the contract sends, in any key order", () => {
    expect(() => assertMatchesContract(Progress, '[{"completedHours":7.5,"id":3}]')).not.toThrow();
    expect(() => assertMatchesContract(Progress, "[]")).not.toThrow();
  });

  it("refuses a field the contract does not list: it would leave unchecked", () => {
    expect(() => assertMatchesContract(Progress, '[{"id":3,"completedHours":7.5,"secret":"x"}]')).toThrow(
      /does not match its contract/,
    );
  });

  it("refuses a missing field or one of the wrong type", () => {
    expect(() => assertMatchesContract(Progress, '[{"id":3}]')).toThrow();
    expect(() => assertMatchesContract(Progress, '[{"id":3,"completedHours":"7.5"}]')).toThrow();
  });
});
