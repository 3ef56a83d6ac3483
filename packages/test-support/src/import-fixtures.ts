import ExcelJS from 'exceljs';
import { completeCnpj, completeCpf } from '@ordem-certa/contracts';

/**
 * Spreadsheets of customers as a shop moving from another system has them (pt-BR headers, CPF/CNPJ,
 * address and equipment columns), shared by the import's API tests and its benchmark.
 */

export const CUSTOMER_HEADERS = [
  'Nome',
  'CPF/CNPJ',
  'E-mail',
  'Telefone',
  'Celular',
  'CEP',
  'Endereço',
  'Número',
  'Complemento',
  'Bairro',
  'Cidade',
  'UF',
  'Equipamento',
  'Marca',
  'Modelo',
  'Nº de série',
];

export type Cell = string | number;

/** The CPF of data row `i` (0-based) of a sheet made with `seed`: distinct for every row and seed below 1000. */
export const cpfOf = (seed: number, i: number) => completeCpf(String(100_000_000 + seed * 100_000 + i));

/** Row 3 (data row 1) holds a CPF that starts with 0, written without it, as a number cell leaves it. */
export const ZERO_CPF = completeCpf('012345678');

/**
 * `rows` customers; with `bad`, three of them wrong: an invalid CPF (spreadsheet row 101), a CPF that
 * repeats row 2's (row rows/4 + 1) and an invalid CEP (row 3·rows/4 + 1). Data row 3 is a company (CNPJ,
 * no 'Nome fantasia'); data row 1 holds ZERO_CPF without its leading zero.
 */
export function customerSheet(rows: number, opts: { seed?: number; bad?: boolean } = {}): Cell[][] {
  if (opts.bad && (rows < 104 || rows % 4)) throw new Error('a sheet with bad rows has 104+ rows, a multiple of 4');
  const seed = opts.seed ?? 0;
  const out: Cell[][] = [CUSTOMER_HEADERS];
  for (let i = 0; i < rows; i++) {
    let identifier: Cell = cpfOf(seed, i);
    if (i === 1) identifier = Number(ZERO_CPF);
    if (i === 3) identifier = completeCnpj(`${String(10_000_000 + seed * 1000).slice(0, 8)}0001`);
    out.push([
      `Cliente ${i + 1} João da Conceição`,
      identifier,
      `cliente${i + 1}@exemplo.com.br`,
      '(11) 3456-7890',
      i % 2 === 0 ? '(11) 98765-4321' : '',
      '01310-100',
      'Avenida Paulista',
      i % 10 === 9 ? 'S/N' : (i % 2000) + 1,
      'Sala 3 – Bloco B',
      'Bela Vista',
      'São Paulo',
      i % 3 === 0 ? 'São Paulo' : 'SP',
      'Split 12.000 BTUs',
      'LG',
      'S4-W12',
      `SN-${seed}-${i + 1}`,
    ]);
  }
  if (opts.bad) {
    const invalidCpf = String(out[100]![1]);
    out[100]![1] = invalidCpf.slice(0, 10) + String((Number(invalidCpf[10]) + 1) % 10);
    out[rows / 4]![1] = out[1]![1]!;
    out[(rows * 3) / 4]![5] = '0131-01';
  }
  return out;
}

/** The errors customerSheet(rows, {bad: true}) gives, as the import reports them. */
export const customerSheetErrors = (rows: number) =>
  [
    { row: 101, field: 'identifier', message: 'CPF inválido' },
    { row: rows / 4 + 1, field: 'identifier', message: 'CPF repetido na planilha (já está na linha 2)' },
    { row: (rows * 3) / 4 + 1, field: 'postalCode', message: 'CEP inválido' },
  ].sort((a, b) => a.row - b.row);

const quote = (cell: Cell, separator: string) => {
  const s = String(cell);
  return s.includes(separator) || /["\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** The rows as CSV text (CRLF line ends, as Excel writes them). */
export const toCsv = (rows: Cell[][], separator = ';') =>
  rows.map((r) => r.map((c) => quote(c, separator)).join(separator)).join('\r\n') + '\r\n';

/** Windows-1252's characters that Latin-1 does not have at those bytes. */
const CP1252: Record<string, number> = {
  '€': 0x80,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '–': 0x96,
  '—': 0x97,
};

/** The text in Windows-1252, as Excel in Portuguese saves a CSV. */
export function windows1252(text: string): Buffer {
  const bytes = Buffer.alloc(text.length);
  let n = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const byte = code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : CP1252[ch];
    if (byte === undefined) throw new Error(`not in Windows-1252: ${ch}`);
    bytes[n++] = byte;
  }
  return bytes.subarray(0, n);
}

/** The rows as the first worksheet of an XLSX; number cells stay numbers. */
export async function toXlsx(rows: Cell[][], sheetName = 'Planilha1'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet(sheetName).addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart body for POST imports/{kind}: the text fields (dryRun, mapping) and the file, for inject(). */
export function importForm(file: Buffer, filename: string, fields: Record<string, string> = {}) {
  const boundary = `----import${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
