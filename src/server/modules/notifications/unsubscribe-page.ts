// The page a message's "Unsubscribe" link opens (GET /unsubscribe?token=…): it names what would stop and asks for
// one button press, which POSTs back here; GET never changes anything (mail scanners follow links). Plain
// server-rendered HTML with no script, so the page policy (CSP) allows it as is; the token stays out of the
// Referer (helmet's no-referrer) and out of caches.
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Database } from "../../db/client";
import { describeUnsubscribe, unsubscribe } from "./mail.service";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Seva</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f9fafb;color:#1f2937;margin:0;padding:2rem 1rem;line-height:1.5}
main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:.75rem;padding:1.5rem}
h1{font-size:1.375rem;margin:0 0 .75rem}
button{font:inherit;font-weight:600;background:#b45309;color:#fff;border:0;border-radius:.5rem;padding:.75rem 1.25rem;min-height:44px;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
a{color:#92400e}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

function send(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header("Cache-Control", "no-store")
    .header("Content-Type", "text/html; charset=utf-8")
    .send(html);
}

const INVALID = page(
  "This link is not valid",
  `<p>The unsubscribe link is incomplete or was changed, so nothing was changed.</p>
<p>You can choose which e-mails you receive in <a href="/profile">Profile → Settings</a> after signing in.</p>`,
);

export function registerUnsubscribePage(app: FastifyInstance, db: Database, secret: string): void {
  app.get<{ Querystring: { token?: string } }>("/unsubscribe", async (request, reply) => {
    const token = typeof request.query.token === "string" ? request.query.token : "";
    const claim = describeUnsubscribe(secret, token);
    if (!claim) return send(reply, 400, INVALID);
    const action = `/unsubscribe?${new URLSearchParams({ token })}`;
    return send(
      reply,
      200,
      page(
        "Unsubscribe from these e-mails?",
        `<p>You will no longer receive e-mails about <strong>${escapeHtml(claim.label)}</strong>. You will still see them in the app.</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>
<p>You can turn them on again in <a href="/profile">Profile → Settings</a>.</p>`,
      ),
    );
  });

  app.post<{ Querystring: { token?: string } }>("/unsubscribe", async (request, reply) => {
    const token = typeof request.query.token === "string" ? request.query.token : "";
    if (!describeUnsubscribe(secret, token)) return send(reply, 400, INVALID);
    const done = await unsubscribe(db, secret, token);
    return send(
      reply,
      200,
      page(
        "You are unsubscribed",
        `<p>You will no longer receive e-mails about <strong>${escapeHtml(done.label)}</strong>.</p>
<p>You can turn them on again in <a href="/profile">Profile → Settings</a>.</p>`,
      ),
    );
  });
}
