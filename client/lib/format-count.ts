const COUNT = new Intl.NumberFormat('en-US');

/** A count for readers: 50000 is "50,000". */
export function formatCount(value: number): string {
  return COUNT.format(value);
}
