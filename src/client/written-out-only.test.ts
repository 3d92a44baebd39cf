import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const source = path.resolve(import.meta.dirname, "..");
/** The one place allowed to make an Intl formatter: indianFigure's fallback for figures no screen shows. */
const ALLOWED = new Set(["shared/domain/written-out.ts"]);
const INTL = /new Intl\.|\.toLocale(String|DateString|TimeString)\(/;

function codeFiles(folder: string): string[] {
  return readdirSync(path.join(source, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

describe("the browser's code", () => {
  // A page's first Intl formatter loads ICU's locale data before anything is painted: about 250 ms of the admin
  // dashboard's first paint on a phone-speed main thread (ADR 0082). Figures and dates are written out by
  // shared/domain/written-out.ts instead, whose tests hold them to Intl's own words.
  it("makes no Intl formatter, and writes figures and dates through written-out.ts", () => {
    const offenders = [...codeFiles("client"), ...codeFiles("shared")].filter(
      (file) =>
        !ALLOWED.has(file.split(path.sep).join("/")) &&
        INTL.test(readFileSync(path.join(source, file), "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
