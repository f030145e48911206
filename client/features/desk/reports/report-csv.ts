// A report's table as a CSV file (RFC 4180), as the overdue list's export writes it: a field is quoted when it
// holds a comma, quote or line break, and a leading = + - @ is kept as text, never run as a spreadsheet formula.
function field(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvOf = (header: string[], rows: (string | number)[][]): string =>
  [header, ...rows].map((row) => `${row.map(field).join(',')}\r\n`).join('');
