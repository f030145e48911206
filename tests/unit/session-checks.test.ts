// How often a gateway asks the store whether a session has ended: once per SESSION_CHECK_MS for each session,
// never for one it signed out itself (however many other sessions it has asked about since), and again after a
// failed read. On a real SQLite store, whose reads are counted.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSessionTokens } from '../../server/auth/session.ts';
import { createSessions, SESSION_CHECK_MS } from '../../server/library/sessions.ts';
import { openStore } from '../../server/store/open-store.ts';
import type { ObservedStore } from '../../server/store/observed.ts';

let dataDir: string;
let store: ObservedStore;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-session-checks-'));
  store = await openStore({ dataDir });
});
afterAll(async () => {
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

it('asks the store about a session once a SESSION_CHECK_MS, and never about one it signed out', async () => {
  let now = new Date('2026-03-01T10:00:00Z');
  const clock = () => now;
  const tokens = createSessionTokens(new TextEncoder().encode('s'.repeat(40)), 3600, clock);
  const asked: string[] = [];
  let failing = false;
  const counted = {
    ...store,
    sessions: {
      ...store.sessions,
      ended: (id: string, uid: string, issuedAt: Date) => {
        asked.push(uid);
        return failing ? Promise.reject(new Error('store unavailable')) : store.sessions.ended(id, uid, issuedAt);
      },
    },
  } as ObservedStore;
  const sessions = createSessions(counted, tokens, clock);
  const member = (uid: string) => tokens.issue({ uid, email: `${uid}@example.com`, name: uid, role: 'member' });

  const reader = await member('reader');
  expect((await sessions.verify(reader))?.uid).toBe('reader');
  expect((await sessions.verify(reader))?.uid).toBe('reader');
  expect(asked).toEqual(['reader']);

  const leaving = await member('leaving');
  await sessions.end(await sessions.verify(leaving));
  expect(asked).toEqual(['reader', 'leaving']);
  // Many other sessions asked about, long after: the signed-out one is still refused without a read.
  for (let minute = 1; minute <= 3; minute++) {
    now = new Date(now.getTime() + 60_000);
    for (let i = 0; i < 5; i++) expect(await sessions.verify(await member(`other-${minute}-${i}`))).not.toBeNull();
  }
  asked.length = 0;
  expect(await sessions.verify(leaving)).toBeNull();
  expect(asked).toEqual([]);

  // The reader's answer went stale: asked again, then kept for SESSION_CHECK_MS.
  expect((await sessions.verify(reader))?.uid).toBe('reader');
  now = new Date(now.getTime() + SESSION_CHECK_MS - 1);
  expect((await sessions.verify(reader))?.uid).toBe('reader');
  expect(asked).toEqual(['reader']);

  // A failed read is not kept: the next request asks again.
  now = new Date(now.getTime() + SESSION_CHECK_MS);
  failing = true;
  await expect(sessions.verify(reader)).rejects.toThrow('store unavailable');
  failing = false;
  expect((await sessions.verify(reader))?.uid).toBe('reader');
  expect(asked).toEqual(['reader', 'reader', 'reader']);
});
