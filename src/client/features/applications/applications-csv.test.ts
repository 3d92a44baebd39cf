import { describe, expect, it } from "vitest";
import { applicationsCsv, applicationsCsvFileName, csvField } from "./applications-csv";

const application = {
  user: { firstName: "Asha", lastName: "Rao", email: "asha.rao@iimb.ac.in" },
  appliedAt: "2026-11-22T12:00:00.000Z",
  status: "completed" as const,
  completedAt: "2026-11-29T12:00:00.000Z",
  coinsAwarded: 50,
  notes: "Great work",
};

function lines(csv: string): string[] {
  return csv.replace(/^\uFEFF/, "").split("\r\n");
}

describe("csvField", () => {
  it("wraps every value in quotes and doubles inner quotes", () => {
    expect(csvField("plain")).toBe('"plain"');
    expect(csvField(42)).toBe('"42"');
    expect(csvField('She said "yes", twice')).toBe('"She said ""yes"", twice"');
    expect(csvField("line one\nline two")).toBe('"line one\nline two"');
  });

  it("defuses values a spreadsheet would run as formulas", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+91 98450 00000")).toBe('"\'+91 98450 00000"');
    expect(csvField("-2+3")).toBe('"\'-2+3"');
    expect(csvField("@SUM(A1)")).toBe('"\'@SUM(A1)"');
    expect(csvField("\t=1")).toBe('"\'\t=1"');
    expect(csvField("a=b")).toBe('"a=b"');
  });
});

describe("applicationsCsv", () => {
  it("starts with a byte order mark and a header, one CRLF-ended row per application", () => {
    const csv = applicationsCsv([application]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(lines(csv)).toEqual([
      '"Name","Email","Applied Date","Status","Completed Date","Coins","Notes"',
      '"Asha Rao","asha.rao@iimb.ac.in","Nov 22, 2026","Completed","Nov 29, 2026","50","Great work"',
      "",
    ]);
  });

  it("leaves missing dates and notes empty and keeps names in any script", () => {
    const csv = applicationsCsv([
      {
        ...application,
        user: { firstName: "प्रिया", lastName: "Iyer", email: "priya.iyer@iimb.ac.in" },
        status: "pending",
        completedAt: null,
        coinsAwarded: 0,
        notes: null,
      },
    ]);
    expect(lines(csv)[1]).toBe('"प्रिया Iyer","priya.iyer@iimb.ac.in","Nov 22, 2026","Pending","","0",""');
  });

  it("is just the header when there are no applications", () => {
    expect(lines(applicationsCsv([]))).toHaveLength(2);
  });
});

describe("applicationsCsvFileName", () => {
  it("names the file after the opportunity and the day", () => {
    expect(applicationsCsvFileName("Teach Maths @ Vidya Niketan!", new Date(2026, 10, 22, 15))).toBe(
      "applications-teach-maths-vidya-niketan-2026-11-22.csv",
    );
  });

  it("falls back when the title has no latin letters or digits", () => {
    expect(applicationsCsvFileName("सेवा", new Date(2026, 0, 5))).toBe(
      "applications-opportunity-2026-01-05.csv",
    );
  });

  it("drops accents rather than letters", () => {
    expect(applicationsCsvFileName("Café Réunion", new Date(2026, 0, 5))).toBe(
      "applications-cafe-reunion-2026-01-05.csv",
    );
  });
});
