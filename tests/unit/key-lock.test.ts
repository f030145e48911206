import { describe, expect, it } from 'vitest';
import { createKeyLock, needsWriteQueue } from '../../server/store/mongo/key-lock.ts';

describe('the MongoDB adapter’s write queue', () => {
  it('runs work on one key one at a time, in arrival order, and other keys beside it', async () => {
    const lock = createKeyLock();
    const events: string[] = [];
    const step = (name: string) => async () => {
      events.push(`${name} start`);
      await Promise.resolve();
      await Promise.resolve();
      events.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([
      lock.run('book-1', step('a')),
      lock.run('book-1', step('b')),
      lock.run('book-2', step('c')),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    // b waits for a to finish; c, on another key, starts before a ends.
    expect(events.indexOf('b start')).toBeGreaterThan(events.indexOf('a end'));
    expect(events.indexOf('c start')).toBeLessThan(events.indexOf('a end'));
  });

  it('goes on after a failed step, which fails only its own caller', async () => {
    const lock = createKeyLock();
    const failed = lock.run('book-1', () => Promise.reject(new Error('write refused')));
    const next = lock.run('book-1', () => Promise.resolve('taken'));
    await expect(failed).rejects.toThrow('write refused');
    await expect(next).resolves.toBe('taken');
  });

  it('is used on stock FerretDB only: not on MongoDB, nor on the test server built with serialised writes', () => {
    expect(needsWriteQueue({ version: '7.0.12' })).toBe(false);
    expect(needsWriteQueue({ version: '7.0.77', ferretdbVersion: 'v1.24.2' })).toBe(true);
    expect(needsWriteQueue({ version: '7.0.77', ferretdbVersion: 'v1.24.2-serialized-writes.0c1d2e3f' })).toBe(false);
  });
});
