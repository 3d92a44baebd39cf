// The hours to review's variants of the twenty-fifth pass (docs/performance.md), each as-built.sql with one part
// replaced, for `npx tsx bench/statement-cpu.ts bench/statements/hours-list/variants.ts`. The columns they read
// are added by setup.sql, on a copy of the generated data.
import { readFileSync } from "node:fs";
import path from "node:path";

const asBuilt = readFileSync(path.join(import.meta.dirname, "as-built.sql"), "utf8");

/** The submission under review as the list builds it: a lookup per row and a JSON object of 12 keys. */
const submissionLookup =
  /case when p\.status = 'hours_submitted' then \(select json_build_object\(.*?from hour_submissions h where h\.application_id = p\.id and h\.status = 'pending'\) end/s;
/** Each item's JSON as the list builds it, up to its text and place. */
const itemJson = /left join lateral \(select json_build_object\(.*?\)::text as item, p\.position/s;
const storedLookup =
  "case when p.status = 'hours_submitted' then (select h.review_json from hour_submissions h where h.application_id = p.id and h.status = 'pending') end";
/** The item built without its last key, and the submission's stored text joined to it as text (no JSON parse). */
const joinedAsText = (submission: string) => (text: string) =>
  text
    .replace("select json_build_object(", "select left(json_build_object(")
    .replace(
      /'totalRequiredHours', p\.total_required_hours,\s*'hoursUnderReview', .*?\)::text as item/s,
      `'totalRequiredHours', p.total_required_hours)::text, -1) || ', "hoursUnderReview" : ' || coalesce(${submission}, 'null') || '}' as item`,
    );

const variants: Record<string, (text: string) => string> = {
  "as-built": (text) => text,
  // A bound on what to_char costs; not the API's format.
  "timestamps-cast": (text) =>
    text.replace(/to_char\(([^)]*) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS\.MS"Z"'\)/g, "($1)::text"),
  // A bound on what any form of the submission costs.
  "without-hours-under-review": (text) => text.replace(submissionLookup, "null::json"),
  "submission-json-stored": (text) =>
    text.replace(submissionLookup, storedLookup.replace("h.review_json", "h.review_json::json")),
  "submission-json-stored-concatenated": (text) => joinedAsText(storedLookup)(text),
  // No lookup of the submission at all.
  "submission-json-on-application": (text) => text.replace(submissionLookup, "p.review_json::json"),
  "submission-json-on-application-concatenated": (text) => joinedAsText("p.review_json")(text),
  // The floor of finding, joining and ordering the page's rows: ids only, no JSON.
  "rows-only": (text) => text.replace(itemJson, "left join lateral (select p.id::text as item, p.position"),
  // A read model of the list's rows: each item read prebuilt.
  "rows-stored": (text) =>
    text.replace(itemJson, "left join lateral (select p.admin_json as item, p.position"),
};

export const statements = Object.entries(variants).map(([name, variant]) => {
  const text = variant(asBuilt);
  if (name !== "as-built" && text === asBuilt) throw new Error(`the variant ${name} replaced nothing`);
  return { name: `hours-list/${name}`, text };
});
