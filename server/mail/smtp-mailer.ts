// The library's Mailer port over SMTP (nodemailer). One connection per message: notices are few, and a fresh
// connection after an outage needs no pool to recover.
import type { Mailer } from '../library/mail.ts';
import { redactPassword } from '../config.ts';

export interface SmtpOptions {
  /** smtp://user:password@host:port (STARTTLS when the server offers it) or smtps:// (TLS from the start). */
  url: string;
  from: string;
}

/**
 * nodemailer is loaded here, when the library sends e-mail: a gateway without SMTP does not keep its 5 MB of
 * modules in the heap (every major garbage collection marks them again).
 */
export async function createSmtpMailer(opts: SmtpOptions): Promise<Mailer> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    url: opts.url,
    // Bounded, so a hung server costs an attempt (retried later), not a sender stuck for nodemailer's 10 minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transport.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        headers: message.headers,
      });
    },
    close() {
      transport.close();
    },
  };
}

/** The start-up banner's line: where notices are e-mailed, without the password, or why they are not. */
export function mailBanner(mail: { smtpUrl: string | null; from: string }): string {
  return mail.smtpUrl ? `on, through ${redactPassword(mail.smtpUrl)} from ${mail.from}` : 'off (SMTP_URL is not set)';
}
