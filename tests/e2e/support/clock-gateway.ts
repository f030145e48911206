// Test-only entry point for the browser journeys: the real gateway, built as server/index.ts builds it, whose
// library reads a clock that a journey can move (real time plus an offset), so a loan can fall overdue without
// waiting. Session tokens keep real time. A control server on another loopback port moves the clock:
//   POST /offset-days {"days": 20}   the library's now becomes real time + 20 days (0 puts it back)
//   GET  /offset-days                the current offset
//   POST /schedule                   runs the schedule's minute now (notices, e-mail, SMS), as its timer would
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { createGateway, type Gateway } from '../../../server/gateway.ts';

const DAY_MS = 86_400_000;
let offsetDays = 0;
const libraryNow = () => new Date(Date.now() + offsetDays * DAY_MS);
let gateway: Gateway | null = null;

async function readJson(request: IncomingMessage): Promise<unknown> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return JSON.parse(body || '{}');
}

async function control(request: IncomingMessage, response: ServerResponse) {
  const answer = (status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (request.url === '/schedule' && request.method === 'POST' && gateway)
    return answer(200, { schedule: await gateway.schedule.tick() });
  if (request.url !== '/offset-days') return answer(404, { error: 'POST or GET /offset-days, POST /schedule' });
  if (request.method === 'POST') {
    const days = ((await readJson(request).catch(() => ({}))) as { days?: unknown }).days;
    if (typeof days !== 'number' || !Number.isInteger(days)) return answer(400, { error: 'days: a whole number' });
    offsetDays = days;
  }
  return answer(200, { offsetDays });
}

async function main() {
  const clockPort = Number(process.env['CLOCK_PORT']);
  if (!Number.isInteger(clockPort) || clockPort <= 0) throw new ConfigError('CLOCK_PORT', 'must be a port');
  const config = loadConfig(process.env);
  // Without the year's holidays: a journey's days late (and fees) must not depend on the day it runs. A journey
  // that needs a closure adds it.
  const started = await createGateway(config, { seed: true, holidays: false, libraryNow });
  gateway = started;
  await started.app.listen({ host: config.host, port: config.port });
  const clock = createServer((request, response) => void control(request, response));
  await new Promise<void>((resolve) => clock.listen(clockPort, '127.0.0.1', resolve));

  const stop = () => {
    clock.close();
    started.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('clock gateway: shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

await main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
