// Markdown tables for the terminal and for pasting into issues.
export function markdownTable(header, rows) {
  const cells = [header, ...rows].map((row) => row.map((cell) => String(cell ?? '–')));
  const widths = header.map((_, i) => Math.max(3, ...cells.map((row) => row[i].length)));
  const line = (row) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(cells[0]), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...cells.slice(1).map(line)].join('\n');
}

export const ms = (value) => (value == null ? '–' : `${Math.round(value)}`);
export const seconds = (value) => (value == null ? '–' : `${(value / 1000).toFixed(2)} s`);
export const mb = (bytes) => (bytes == null ? '–' : `${Math.round(bytes / 2 ** 20)} MB`);
export const ratio = (a, b) => (a == null || b == null || b === 0 ? '–' : `${(a / b).toFixed(2)}×`);
export const fixed = (value, digits = 3) => (value == null ? '–' : value.toFixed(digits));
