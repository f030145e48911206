// A real SMTP server for tests (smtp-server, in the test process on a free loopback port). It keeps every message
// it accepts, parsed (mailparser), and can be told to refuse mail with an SMTP reply code, or to go down and come
// back on the same port.
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export const SMTP_USER = 'bookhaven';
export const SMTP_PASSWORD = 'smtp-secret';

export interface TestSmtp {
  /** smtp://user:password@127.0.0.1:port, for SMTP_URL. */
  url: string;
  /** Every message accepted, in order. */
  messages: ParsedMail[];
  /** Recipients each attempt named (refused ones included). */
  attempts: string[];
  /** Messages to one address. */
  to(address: string): ParsedMail[];
  /** From now on, refuse every recipient with this reply code (451: try later; 550: no); null: accept again. */
  refuse(code: number | null): void;
  /** Stops listening (connections are refused) until up(). */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const attempts: string[] = [];
  let refusal: number | null = null;
  const create = () =>
    new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
        else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onRcptTo(address, _session, callback) {
        attempts.push(address.address);
        if (refusal === null) return callback();
        const code = refusal;
        callback(
          Object.assign(new Error(code < 500 ? 'Try again later' : 'Mailbox unavailable'), { responseCode: code }),
        );
      },
      onData(stream, _session, callback) {
        // Parsed before the server answers, so a send that resolved is already in `messages`.
        simpleParser(stream).then(
          (parsed) => {
            messages.push(parsed);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
  let server = create();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const port = await listen(0);
  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    messages,
    attempts,
    to: (address) => messages.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === address),
    refuse(code) {
      refusal = code;
    },
    async down() {
      await stop();
    },
    async up() {
      server = create();
      await listen(port);
    },
    close: stop,
  };
}
