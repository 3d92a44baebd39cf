// The demo identity provider's sign-in page: what a visitor sees after 'Sign in with IIM Bangalore (demo)'. It
// looks like an institution's sign-in page, says plainly that it is a demo, and asks no password. Plain HTML and a
// stylesheet served beside it (no inline style or script, so the page's own CSP can forbid both).

export interface DemoPerson {
  email: string;
  givenName: string;
  familyName: string;
  /** Shown under the name: "Student · PGP", "Administrator". */
  role: string;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function initialsOf(person: DemoPerson): string {
  return `${person.givenName.charAt(0)}${person.familyName.charAt(0)}`.toUpperCase();
}

export function demoSignInPage(options: {
  action: string;
  /** The school's domain (the first allowed one): the address a newcomer types is at it. */
  domain: string;
  stylesheet: string;
  people: readonly DemoPerson[];
  /** The sign-in at the provider timed out or was never begun here. */
  expired?: boolean;
  error?: string;
  typed?: string;
}): string {
  const body = options.expired ? expiredBody() : signInBody(options);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>IIM Bangalore · Demo sign-in</title>
<link rel="stylesheet" href="${escapeHtml(options.stylesheet)}">
</head>
<body>
<main class="card">
<p class="brand"><span class="mark" aria-hidden="true">IIMB</span><span>IIM Bangalore</span></p>
${body}
</main>
</body>
</html>`;
}

function expiredBody(): string {
  return `<h1>This sign-in has expired</h1>
<p class="lead">Go back to Seva and choose 'Sign in with IIM Bangalore (demo)' again.</p>
<p><a class="link" href="/login">Back to Seva</a></p>`;
}

function signInBody(options: {
  action: string;
  domain: string;
  people: readonly DemoPerson[];
  error?: string;
  typed?: string;
}): string {
  const action = escapeHtml(options.action);
  const people = options.people
    .map(
      (person) => `<li><form method="post" action="${action}">
<input type="hidden" name="email" value="${escapeHtml(person.email)}">
<button class="person" type="submit"><span class="avatar" aria-hidden="true">${escapeHtml(initialsOf(person))}</span><span class="who"><span class="name">${escapeHtml(`${person.givenName} ${person.familyName}`)}</span><span class="detail">${escapeHtml(person.email)} · ${escapeHtml(person.role)}</span></span></button>
</form></li>`,
    )
    .join("\n");
  const error = options.error
    ? `<p class="error" id="email-error" role="alert">${escapeHtml(options.error)}</p>`
    : "";
  return `<h1>Demo sign-in</h1>
<p class="lead">Choose who to be in Seva. No password: this is a demo.</p>
<div class="note"><strong>A demo identity provider.</strong> It stands in for the institution's own sign-in,
such as Microsoft Entra ID or Google Workspace, which would ask for your password and vouch for your address.</div>
<h2 id="people-heading">Demo accounts</h2>
<ul class="people" aria-labelledby="people-heading">
${people}
</ul>
<h2>Someone new</h2>
<form method="post" action="${action}" class="new">
<label for="email">Institutional e-mail</label>
<p class="hint" id="email-hint">Any address at ${escapeHtml(options.domain)}. Seva makes the account at the first sign-in, named from the address.</p>
<input id="email" name="email" type="email" autocomplete="email" required placeholder="first.last@${escapeHtml(options.domain)}" value="${escapeHtml(options.typed ?? "")}" aria-describedby="email-hint${options.error ? " email-error" : ""}"${options.error ? ' aria-invalid="true"' : ""}>
${error}
<button class="primary" type="submit">Sign in as someone new</button>
</form>
<p class="footer">Seva demo · a stand-in for the institution's sign-in</p>`;
}

export const DEMO_SIGN_IN_CSS = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;
background:#eef1f5;display:flex;justify-content:center;align-items:flex-start;padding:32px 16px}
.card{width:100%;max-width:440px;background:#fff;border:1px solid #d8dee4;border-radius:8px;padding:32px 28px;
box-shadow:0 2px 12px rgba(31,35,40,.08)}
.brand{display:flex;align-items:center;gap:10px;margin:0 0 24px;font-weight:600;color:#1f2328}
.mark{display:inline-flex;align-items:center;justify-content:center;width:40px;height:40px;border-radius:6px;
background:#7a1f2b;color:#fff;font-size:12px;letter-spacing:.5px}
h1{font-size:24px;line-height:1.25;margin:0 0 4px}
h2{font-size:15px;margin:24px 0 8px;color:#3d444d}
.lead{margin:0 0 16px;color:#3d444d}
.note{background:#fff8e6;border:1px solid #e8c66a;border-radius:6px;padding:10px 12px;font-size:14px;color:#4a3b0b}
.people{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.people form{margin:0}
.person{display:flex;align-items:center;gap:12px;width:100%;text-align:left;background:#fff;color:inherit;
border:1px solid #d8dee4;border-radius:6px;padding:10px 12px;font:inherit;cursor:pointer;min-height:48px}
.person:hover{background:#f6f8fa;border-color:#8c959f}
.avatar{flex:none;display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;
border-radius:50%;background:#e7ecf2;color:#24292f;font-size:13px;font-weight:600}
.who{display:flex;flex-direction:column;min-width:0}
.name{font-weight:600}
.detail{font-size:13px;color:#57606a;overflow-wrap:anywhere}
.new label{display:block;font-weight:600;margin-bottom:2px}
.hint{margin:0 0 8px;font-size:13px;color:#57606a}
.new input{width:100%;font:inherit;padding:10px 12px;border:1px solid #8c959f;border-radius:6px;min-height:44px}
.error{color:#b42318;font-size:14px;margin:6px 0 0}
.primary{margin-top:12px;width:100%;min-height:44px;font:inherit;font-weight:600;color:#fff;background:#7a1f2b;
border:0;border-radius:6px;cursor:pointer}
.primary:hover{background:#611722}
button:focus-visible,input:focus-visible,.link:focus-visible{outline:3px solid #0969da;outline-offset:2px}
.link{color:#0969da}
.footer{margin:24px 0 0;font-size:12px;color:#57606a;text-align:center}
@media (max-width:480px){body{padding:0}.card{border:0;border-radius:0;box-shadow:none;min-height:100vh;padding:24px 20px}}
`;
