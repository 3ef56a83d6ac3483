import type { ReportCell, ReportColumnType, ReportResult } from '@ordem-certa/contracts';
import { formatDate, formatDateTime } from '@ordem-certa/contracts';
import { attachmentDisposition } from '../../lib/download-name.ts';

/**
 * The CSV a pt-BR Excel opens as it is: UTF-8 with a BOM (so accents survive), ';' between cells
 * (',' is the decimal mark there), numbers with a decimal comma and no thousands mark (so they stay
 * numbers), dates as dd/mm/aaaa. Text that starts like a formula (= + - @, tab, CR) gets a leading
 * apostrophe so a spreadsheet shows it instead of running it. A code made only of digits (an NFS-e's
 * 50-digit key) is written as the formula ="…" (quoted, as is every cell holding a double quote), the form Excel opens as text: as a bare cell it would
 * become 5,2E+49 and lose its digits; the formula holds nothing but those digits, so nothing can run.
 */
const BOM = '\uFEFF';
const SEP = ';';

function decimal(value: number, digits: number): string {
  return value.toFixed(digits).replace('.', ',');
}

function text(cell: ReportCell, type: ReportColumnType, timeZone: string): string {
  if (cell === null || cell === undefined) return '';
  switch (type) {
    case 'int':
      return String(Math.trunc(Number(cell)));
    case 'quantity':
      return String(Number(cell)).replace('.', ',');
    case 'money':
      return decimal(Number(cell), 2);
    case 'percent':
      return decimal(Number(cell), 1);
    case 'date':
      return formatDate(`${cell}T12:00:00Z`, 'UTC');
    case 'datetime':
      // Without Intl's comma, so a spreadsheet reads it as a date and time.
      return formatDateTime(String(cell), timeZone).replace(', ', ' ');
    case 'month': {
      const [y, m] = String(cell).split('-');
      return `${m}/${y}`;
    }
    case 'code':
      if (/^\d+$/.test(String(cell))) return `="${String(cell)}"`;
      return /^[=+\-@\t\r]/.test(String(cell)) ? `'${String(cell)}` : String(cell);
    default:
      return /^[=+\-@\t\r]/.test(String(cell)) ? `'${String(cell)}` : String(cell);
  }
}

function quote(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The CSV written in a task thread (src/tasks.ts): a long report is seconds of formatting. */
export async function reportCsvTask(input: { result: Pick<ReportResult, 'header' | 'body'>; timeZone: string }) {
  const csv = reportCsv(input.result, input.timeZone);
  const bytes = new Uint8Array(csv.buffer, csv.byteOffset, csv.byteLength).slice();
  return { answer: { result: bytes, transfer: [bytes.buffer] } };
}

export function reportCsv(result: Pick<ReportResult, 'header' | 'body'>, timeZone: string): Buffer {
  const lines = [
    result.header.map((h) => quote(h.label)).join(SEP),
    ...result.body.map((row) => row.map((cell, i) => quote(text(cell, result.header[i]!.type, timeZone))).join(SEP)),
  ];
  return Buffer.from(BOM + lines.join('\r\n') + '\r\n', 'utf8');
}

// Building an Intl formatter costs about a millisecond (it showed in a profile of many CSV downloads):
// one per time zone, kept.
const stampFormats = new Map<string, Intl.DateTimeFormat>();
function stampFormat(timeZone: string) {
  let format = stampFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    stampFormats.set(timeZone, format);
  }
  return format;
}

/** "<title> <aaaa-mm-dd HHhMM>.csv" in the organization's time zone; an ASCII fallback for old clients. */
export function csvFileName(title: string, time: Date, timeZone: string) {
  const parts = Object.fromEntries(
    stampFormat(timeZone)
      .formatToParts(time)
      .map((p) => [p.type, p.value]),
  );
  return attachmentDisposition(`${title} ${parts.year}-${parts.month}-${parts.day} ${parts.hour}h${parts.minute}.csv`);
}
