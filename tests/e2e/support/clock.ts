// Moves the library's clock in the journeys' gateway (support/clock-gateway.ts). Every journey shares that
// gateway, so a journey that moves the clock puts it back (resetLibraryClock in a finally or afterEach).
import { inject } from 'vitest';

export async function setLibraryOffsetDays(days: number): Promise<void> {
  const response = await fetch(`${inject('clockUrl')}/offset-days`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ days }),
  });
  if (!response.ok) throw new Error(`the library clock did not move: ${response.status} ${await response.text()}`);
}

export const resetLibraryClock = () => setLibraryOffsetDays(0);
