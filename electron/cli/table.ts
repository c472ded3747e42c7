/**
 * Plain aligned tables for the terminal: columns padded to their widest cell, the last
 * column cut to the terminal's width (with …) when there is one.
 */

export interface Column<Row> {
  header: string;
  value: (row: Row) => string;
  /** Right-align (numbers, durations). */
  right?: boolean;
}

export function formatTable<Row>(rows: readonly Row[], columns: ReadonlyArray<Column<Row>>, maxWidth?: number): string[] {
  const cells = rows.map((row) => columns.map((column) => oneLine(column.value(row))));
  const widths = columns.map((column, i) => Math.max(column.header.length, ...cells.map((line) => line[i]!.length)));
  const render = (line: string[]) => {
    const text = line
      .map((cell, i) => {
        const last = i === line.length - 1;
        if (columns[i]!.right) return cell.padStart(widths[i]!);
        return last ? cell : cell.padEnd(widths[i]!);
      })
      .join('  ')
      .trimEnd();
    return maxWidth && text.length > maxWidth ? `${text.slice(0, Math.max(0, maxWidth - 1))}…` : text;
  };
  return [render(columns.map((column) => column.header)), ...cells.map(render)];
}

/** Newlines and tabs in a cell would break the table. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(/\t/g, ' ');
}

/** "412 ms", "1.3 s". */
export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** "512 B", "12.4 KB", "3.1 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
