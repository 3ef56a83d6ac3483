import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { IMPORT_MAX_ROWS, importMessages } from '@ordem-certa/contracts';
import { invalid } from '../../lib/errors.ts';
import { measureZip } from '../../lib/unzip-limit.ts';

/** A spreadsheet as the import reads it: the header row's names and each data row's cells as text. */
export interface Sheet {
  headers: string[];
  /** Data rows with their number as the spreadsheet shows it (the header is row 1); blank rows left out. */
  rows: Array<{ row: number; cells: string[] }>;
}

/** An XLSX whose parts add up to more than this when unzipped is refused before it is opened (counted as they inflate). */
const XLSX_MAX_UNZIPPED = 200 * 1024 * 1024;

const refuse = (message: string) => invalid({ file: message });

const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b);

/**
 * Reads a CSV or an XLSX told by its content, never by its name: a ZIP holding a workbook is an XLSX,
 * text is a CSV; anything else (an image, a PDF, an old .xls) is a 422 on `file` saying what to send.
 */
export async function readSpreadsheet(data: Buffer): Promise<Sheet> {
  if (data.length === 0) throw refuse(importMessages.empty);
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) return readXlsx(data);
  if (startsWith(data, [0xd0, 0xcf, 0x11, 0xe0])) throw refuse(importMessages.oldExcel);
  const text = decodeText(data);
  if (!looksLikeText(text)) throw refuse(importMessages.notASpreadsheet);
  return readCsv(text);
}

/**
 * The file's text: UTF-8 (with or without BOM) when its bytes are valid UTF-8, UTF-16 when its BOM
 * says so (Excel's 'Texto Unicode'), otherwise Windows-1252, which is what Excel in Portuguese saves
 * a CSV in ('Ç' is one byte there, and invalid as UTF-8). Windows-1252 through iconv-lite: Node's
 * TextDecoder reads it as Latin-1, turning '–', '€' or '“' (0x80–0x9F) into control characters.
 */
export function decodeText(data: Buffer): string {
  if (startsWith(data, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(data.subarray(2));
  if (startsWith(data, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(data.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return iconv.decode(data, 'win1252');
  }
}

/** Text a person typed has no NUL and almost no other control characters; a binary file has many. */
function looksLikeText(text: string): boolean {
  const head = text.slice(0, 64 * 1024);
  if (head.includes('\u0000')) return false;
  // oxlint-disable-next-line no-control-regex -- counting control characters is the point
  const controls = head.match(/[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/g)?.length ?? 0;
  return controls <= head.length / 100;
}

/** ';' (Excel in Portuguese), ',' or a tab: whichever the header line has most of, outside quotes. */
export function detectDelimiter(text: string): string {
  const firstLine = (text.match(/^[^\r\n]*/)?.[0] ?? '').replace(/"[^"]*"/g, '');
  const counts = [';', ',', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  const [best] = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return counts.every(([, n]) => n === 0) ? ';' : best;
}

function readCsv(text: string): Sheet {
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch {
    throw refuse(importMessages.notASpreadsheet);
  }
  // A record is a row as a spreadsheet shows it (a quoted cell may span lines): row = index + 1.
  return toSheet(records.map((cells, i) => ({ row: i + 1, cells })));
}

async function readXlsx(data: Buffer): Promise<Sheet> {
  // What the parts really inflate to, counted as they inflate and never trusting the sizes the ZIP
  // declares: a small file that unzips to gigabytes is refused once the count passes the limit.
  const contents = measureZip(data, XLSX_MAX_UNZIPPED);
  if (!contents.ok)
    throw refuse(contents.reason === 'too-large' ? importMessages.xlsxTooLarge : importMessages.unreadableXlsx);
  if (!contents.names.includes('xl/workbook.xml')) throw refuse(importMessages.notASpreadsheet);

  // Loaded when a spreadsheet first arrives: the library is a large part of a server's memory and
  // start, and most servers never import one.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw refuse(importMessages.unreadableXlsx);
  }
  const sheet = workbook.worksheets.find((w) => w.state === 'visible') ?? workbook.worksheets[0];
  if (!sheet) throw refuse(importMessages.empty);
  const rows: Array<{ row: number; cells: string[] }> = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value));
    rows.push({ row: rowNumber, cells });
  });
  return toSheet(rows);
}

const dateText = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;

/**
 * A cell's value as text. A number keeps its digits with a decimal comma ('48,9'), so the money
 * reading never takes a decimal point for a thousands separator (1.234 is 1,234, not 1234).
 */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', ',') : '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'VERDADEIRO' : 'FALSO';
  if (value instanceof Date) return dateText(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as ExcelJS.CellFormulaValue).result);
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text);
  return '';
}

/**
 * The first non-blank row names the columns (a blank name becomes 'Coluna C', a repeated one 'Nome (2)');
 * the rows after it are the data, blank ones left out.
 */
function toSheet(all: Array<{ row: number; cells: string[] }>): Sheet {
  const filled = all
    .map((r) => ({ row: r.row, cells: r.cells.map((c) => c.trim()) }))
    .filter((r) => r.cells.some((c) => c !== ''));
  const [head, ...rows] = filled;
  if (!head || rows.length === 0) throw refuse(importMessages.empty);
  if (rows.length > IMPORT_MAX_ROWS) throw refuse(importMessages.tooManyRows);
  let width = head.cells.length;
  for (const r of rows) width = Math.max(width, lastFilled(r.cells) + 1);
  const seen = new Map<string, number>();
  const headers = Array.from({ length: width }, (_, i) => {
    const name = head.cells[i] || `Coluna ${columnLetter(i)}`;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
  return { headers, rows };
}

const lastFilled = (cells: string[]) => cells.findLastIndex((c) => c !== '');

/** 0 → 'A', 26 → 'AA'. */
function columnLetter(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}
