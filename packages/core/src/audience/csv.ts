/** A cell a spreadsheet would run as a formula (CSV injection): it starts with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): a text that a spreadsheet would take for a formula gets a leading `'`
 * (OWASP's advice), and one holding a comma, a quote or a line break is quoted, quotes doubled.
 * Numbers are written as they are.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV document: the header row, then the rows, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',') + '\r\n').join('');
}
