// The library's clock for API tests: real time plus whole days, moved by the test instead of sleeping.
// Pass `now` as startTestGateway's libraryNow.
const DAY_MS = 86_400_000;

export function libraryClock() {
  let offsetDays = 0;
  return {
    now: () => new Date(Date.now() + offsetDays * DAY_MS),
    /** Moves the clock to `days` from now (0: back to real time). */
    set(days: number): void {
      offsetDays = days;
    },
    /** Runs fn with the clock `days` ahead, then puts it back. */
    async at<T>(days: number, fn: () => Promise<T>): Promise<T> {
      offsetDays = days;
      try {
        return await fn();
      } finally {
        offsetDays = 0;
      }
    },
  };
}
