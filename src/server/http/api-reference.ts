// The API reference page for the school's developers: one static HTML page rendered from the OpenAPI document
// (openapi.ts), so it can never say something the document does not. It needs no script, no font and nothing
// from another site, so it works offline and under the app's own Content-Security-Policy (ADR 0019 says why
// neither Swagger UI nor Scalar is used).

/** The parts of an OpenAPI 3.1 document the page shows. */
export interface ReferenceDocument {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, ReferenceOperation>>;
}

interface ReferenceOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  "x-access"?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

type JsonSchema = Record<string, unknown>;

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/** The little Markdown the document's descriptions use: `code` and **bold**, after escaping. */
const inline = (text: string) =>
  escapeHtml(text)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>");

/** Paragraphs and "- " lists of a Markdown description. */
function markdownBlocks(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((block) => {
      const lines = block.split("\n");
      if (!lines[0]?.startsWith("- ")) return `<p>${inline(lines.join(" "))}</p>`;
      const items = block.split(/\n- |^- /).filter((item) => item.trim() !== "");
      return `<ul>${items.map((item) => `<li>${inline(item.replace(/\n\s*/g, " "))}</li>`).join("")}</ul>`;
    })
    .join("\n");
}

/** One line for a parameter's schema: its type, allowed values, bounds and default. */
export function describeSchema(schema: JsonSchema | undefined): string {
  if (!schema) return "any";
  const parts: string[] = [];
  const items = schema.items as JsonSchema | undefined;
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : (schema.type as string | undefined);
  if (Array.isArray(schema.anyOf)) parts.push((schema.anyOf as JsonSchema[]).map(describeSchema).join(" | "));
  else if (type === "array") parts.push(`list of ${describeSchema(items)}`);
  else if (Array.isArray(schema.enum))
    parts.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  else parts.push(type ?? "any");
  if (schema.minimum !== undefined) parts.push(`at least ${schema.minimum}`);
  if (schema.maximum !== undefined) parts.push(`at most ${schema.maximum}`);
  if (schema.minLength !== undefined) parts.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) parts.push(`at most ${schema.maxLength} characters`);
  if (schema.maxItems !== undefined) parts.push(`at most ${schema.maxItems} values`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(", ");
}

const schemaBlock = (label: string, schema: JsonSchema | undefined) =>
  schema === undefined
    ? ""
    : `<details><summary>${escapeHtml(label)}</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`;

function renderOperation(method: string, path: string, operation: ReferenceOperation): string {
  const id = escapeHtml(operation.operationId ?? `${method}-${path}`);
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content?.["application/json"]?.schema;
  const responses = Object.entries(operation.responses ?? {});
  return `<section class="operation" aria-labelledby="${id}">
<h3 id="${id}"><span class="method">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3>
<p>${inline(operation.summary ?? "")}</p>
<p class="access">Access: <strong>${escapeHtml(operation["x-access"] ?? "unknown")}</strong>. ${inline(
    (operation.description ?? "").replace(/^Access: [^.]+\.\s*/, ""),
  )}</p>
${
  parameters.length === 0
    ? ""
    : `<h4>Parameters</h4><ul>${parameters
        .map(
          (parameter) =>
            `<li><code>${escapeHtml(parameter.name)}</code> (${escapeHtml(parameter.in)}${
              parameter.required ? ", required" : ""
            }): ${escapeHtml(describeSchema(parameter.schema))}</li>`,
        )
        .join("")}</ul>`
}
${body === undefined ? "" : `<h4>Request body</h4>${schemaBlock("JSON schema of the body", body)}`}
<h4>Responses</h4>
<ul>${responses
    .map(
      ([status, response]) =>
        `<li><strong>${escapeHtml(status)}</strong>: ${inline(response.description ?? "")}${schemaBlock(
          `JSON schema of the ${status} body`,
          response.content?.["application/json"]?.schema,
        )}</li>`,
    )
    .join("")}</ul>
</section>`;
}

const STYLE = `
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; }
header, main { max-width: 56rem; margin: 0 auto; padding: 1rem; overflow-wrap: anywhere; }
a { color: #0b57d0; }
code, pre { font-family: ui-monospace, monospace; font-size: 0.9em; }
pre { white-space: pre-wrap; background: #f4f4f5; padding: 0.75rem; border-radius: 4px; }
.operation { border-top: 1px solid #d4d4d8; padding-top: 0.5rem; }
.method { display: inline-block; min-width: 4.5rem; font-size: 0.85em; color: #1e3a8a; }
summary { cursor: pointer; }
`;

/** The whole page. Operations are grouped by tag (the contract's domains), in the document's order. */
export function renderApiReference(document: ReferenceDocument, documentUrl: string): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
  );
  const tags = (document.tags ?? []).map((tag) => tag.name);
  for (const { operation } of operations) {
    for (const tag of operation.tags ?? []) if (!tags.includes(tag)) tags.push(tag);
  }
  const sections = tags
    .map((tag) => ({ tag, members: operations.filter(({ operation }) => operation.tags?.includes(tag)) }))
    .filter(({ members }) => members.length > 0);
  const title = escapeHtml(document.info.title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} reference</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${title} <small>version ${escapeHtml(document.info.version)}</small></h1>
<p>The same description as an OpenAPI 3.1 document, for code generators and API tools:
<a href="${escapeHtml(documentUrl)}">${escapeHtml(documentUrl)}</a>.</p>
</header>
<main>
${markdownBlocks(document.info.description ?? "")}
<nav aria-labelledby="contents"><h2 id="contents">Contents</h2><ul>${sections
    .map(
      ({ tag, members }) =>
        `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a><ul>${members
          .map(
            ({ method, path, operation }) =>
              `<li><a href="#${escapeHtml(operation.operationId ?? "")}">${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}</a></li>`,
          )
          .join("")}</ul></li>`,
    )
    .join("")}</ul></nav>
${sections
  .map(
    ({ tag, members }) =>
      `<section aria-labelledby="tag-${escapeHtml(tag)}"><h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>
${members.map(({ method, path, operation }) => renderOperation(method, path, operation)).join("\n")}
</section>`,
  )
  .join("\n")}
</main>
</body>
</html>
`;
}
