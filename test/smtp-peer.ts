// A real SMTP server on loopback (smtp-server, with authentication) that keeps what it accepts, for the tests of
// outgoing mail; and a small reader of the messages it received (headers, and the decoded parts).
import { once } from "node:events";
import type { Server } from "node:net";
import { SMTPServer } from "smtp-server";

export const SMTP_USER = "seva-mailer";
/** Characters that must be percent-encoded in SMTP_URL; never to appear in a log. */
export const SMTP_PASSWORD = "smtp-p@ss:w/rd";

export const smtpUrl = (port: number) =>
  `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${port}`;

export interface Delivery {
  mailFrom: string;
  recipients: string[];
  raw: string;
}

/**
 * `refusing` makes it answer 550 to every recipient; `deferNext` answers 451 (try again later) to that many
 * messages before it accepts again.
 */
export async function startSmtpServer() {
  const deliveries: Delivery[] = [];
  const state = { refusing: false, deferNext: 0, deferred: 0 };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error("Invalid username or password"));
      }
    },
    onRcptTo(address, _session, callback) {
      if (state.deferNext > 0) {
        state.deferNext -= 1;
        state.deferred += 1;
        const later = new Error("Greylisted, please try again later");
        return callback(Object.assign(later, { responseCode: 451 }));
      }
      if (!state.refusing) return callback();
      // Worded as real servers do, naming the address: the log must still not show it.
      const refusal = new Error(`<${address.address}>: Recipient address rejected: mailbox unavailable`);
      callback(Object.assign(refusal, { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        deliveries.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  server.listen(0, "127.0.0.1");
  await once(server.server, "listening");
  return {
    port: portOf(server.server),
    deliveries,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function portOf(server: Server): number {
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("server has no port");
  return address.port;
}

function decodeQuotedPrintable(body: string): string {
  const unwrapped = body.replace(/=\r\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < unwrapped.length; index++) {
    if (unwrapped[index] === "=") {
      bytes.push(Number.parseInt(unwrapped.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(unwrapped.charCodeAt(index));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The decoded text of a single-part message or MIME part (nodemailer picks quoted-printable or base64). */
export function bodyText(raw: string): string {
  const split = raw.indexOf("\r\n\r\n");
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  if (/^content-transfer-encoding:\s*base64/im.test(headers))
    return Buffer.from(body, "base64").toString("utf8");
  if (!/^content-transfer-encoding:\s*quoted-printable/im.test(headers)) return body;
  return decodeQuotedPrintable(body);
}

/** A header's value, unfolded; undefined when absent. */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  const line = head
    .split("\r\n")
    .find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The text/plain and text/html parts of a multipart/alternative message, decoded. */
export function partsOf(raw: string): { text: string; html: string } {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw.slice(0, raw.indexOf("\r\n\r\n") + 200))?.[1];
  if (!boundary) throw new Error("not a multipart message");
  const parts = raw.split(`--${boundary}`).slice(1, -1);
  const find = (type: string) => {
    const part = parts.find((candidate) => new RegExp(`content-type:\\s*${type}`, "i").test(candidate));
    return part ? bodyText(part.replace(/^\r\n/, "").replace(/\r\n$/, "")) : "";
  };
  return { text: find("text/plain"), html: find("text/html") };
}
