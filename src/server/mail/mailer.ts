// Outgoing mail through one SMTP server (nodemailer). The rest of the server sees only `Mailer`, so tests can
// point it at their own SMTP server. A send either reaches the server's acceptance or rejects, within seconds.
import type { Transporter } from "nodemailer";
import type { MailConfig } from "../config";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part, beside the text part (multipart/alternative). */
  html?: string;
  /** `<id@host>`: a message sent again after a lost acceptance keeps its identity. */
  messageId?: string;
  /** Extra headers, written as given (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Resolves once the SMTP server has accepted the message; rejects otherwise. */
  send(message: MailMessage): Promise<void>;
}

/** Each step (DNS, connect, greeting, every reply) may take this long before the send fails. */
const STEP_TIMEOUT_MS = 5_000;
/** And the whole send at most this long: a server answering slowly at every step cannot hold a request. */
const SEND_TIMEOUT_MS = 10_000;

export function createMailer(config: MailConfig): Mailer {
  // nodemailer is loaded and the transport made at the first send: a server that sends nothing never holds it
  // (ADR 0044, third pass).
  let transport: Promise<Transporter> | undefined;
  const transportOnce = () => {
    transport ??= import("nodemailer").then(({ createTransport }) =>
      createTransport(
        {
          url: config.smtpUrl,
          dnsTimeout: STEP_TIMEOUT_MS,
          connectionTimeout: STEP_TIMEOUT_MS,
          greetingTimeout: STEP_TIMEOUT_MS,
          socketTimeout: STEP_TIMEOUT_MS,
        },
        { from: config.from },
      ),
    );
    return transport;
  };
  return {
    async send(message) {
      const { headers, ...rest } = message;
      await (await transportOnce()).sendMail({
        ...rest,
        ...(headers
          ? {
              headers: Object.fromEntries(
                Object.entries(headers).map(([name, value]) => [name, { prepared: true, value }]),
              ),
            }
          : {}),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
    },
  };
}

/** The SMTP server for the boot message: scheme, host and port, never the credentials. */
export function smtpServerLabel(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}
