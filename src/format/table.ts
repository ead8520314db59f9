/** A table of text columns, left-aligned, two spaces apart. */
export function table(rows: readonly (readonly string[])[]): string {
  // a loop, not Math.max(...column): a column of a million cells would overflow the call stack
  const widths = rows[0]!.map(() => 0);
  for (const r of rows) r.forEach((cell, c) => (widths[c] = Math.max(widths[c]!, cell.length)));
  return `${rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join('  ')).join('\n')}\n`;
}
