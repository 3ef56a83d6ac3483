import { z } from 'zod';
import { orgParam } from './common.ts';

/**
 * Spreadsheet import of customers (with an address and an equipment per row), products and services,
 * for a shop coming from another system or from Excel. The server reads the file, maps its columns to
 * fields, checks every row with the same schemas as the forms and writes the new rows; rows that match
 * a record already registered are skipped, never changed.
 */

export const IMPORT_KINDS = ['customers', 'products', 'services'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const importKindLabels: Record<ImportKind, string> = {
  customers: 'Clientes',
  products: 'Produtos',
  services: 'Serviços',
};

/** The largest file taken (CSV or XLSX). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The most data rows one file may have. */
export const IMPORT_MAX_ROWS = 100_000;
/** Rows written per transaction. */
export const IMPORT_BATCH_ROWS = 1000;
/** Rows of the file shown back as the preview. */
export const IMPORT_PREVIEW_ROWS = 10;

export interface ImportField {
  key: string;
  /** The field's name on the screen and in the error file. */
  label: string;
  /**
   * Headers people write for it, compared by headerKey: case, accents, spaces and punctuation aside
   * ('Email' is 'E-mail', 'N°' is 'Nº').
   */
  headers: readonly string[];
  /** A file must have a column for it. */
  required?: boolean;
}

/** The fields of each kind, in the order the screen lists them. */
export const importFields: Record<ImportKind, readonly ImportField[]> = {
  customers: [
    {
      key: 'name',
      label: 'Nome / Razão social',
      headers: ['Nome', 'Razão social', 'Nome / Razão social', 'Cliente', 'Nome do cliente', 'nomeCliente'],
      required: true,
    },
    { key: 'alias', label: 'Nome fantasia', headers: ['Nome fantasia', 'Fantasia', 'Apelido'] },
    {
      key: 'identifier',
      label: 'CPF/CNPJ',
      headers: ['CPF/CNPJ', 'CNPJ/CPF', 'CPF', 'CNPJ', 'CPF ou CNPJ', 'Documento'],
      required: true,
    },
    { key: 'email', label: 'E-mail', headers: ['E-mail', 'Correio eletrônico'] },
    { key: 'phone', label: 'Telefone', headers: ['Telefone', 'Fone', 'Tel', 'Telefone fixo'] },
    { key: 'mobile', label: 'Celular', headers: ['Celular', 'WhatsApp', 'Cel', 'Telefone celular'] },
    { key: 'postalCode', label: 'CEP', headers: ['CEP'] },
    { key: 'address', label: 'Endereço', headers: ['Endereço', 'Logradouro', 'Rua'] },
    { key: 'number', label: 'Número', headers: ['Número', 'Nº', 'Num'] },
    { key: 'complement', label: 'Complemento', headers: ['Complemento'] },
    { key: 'neighborhood', label: 'Bairro', headers: ['Bairro'] },
    { key: 'city', label: 'Cidade', headers: ['Cidade', 'Município'] },
    { key: 'state', label: 'UF', headers: ['UF', 'Estado'] },
    { key: 'equipment', label: 'Equipamento', headers: ['Equipamento', 'Aparelho'] },
    { key: 'brand', label: 'Marca', headers: ['Marca'] },
    { key: 'model', label: 'Modelo', headers: ['Modelo'] },
    {
      key: 'serialNumber',
      label: 'Nº de série',
      headers: ['Nº de série', 'Número de série', 'Série', 'Serial', 'Número serial'],
    },
  ],
  products: [
    { key: 'code', label: 'Código', headers: ['Código', 'Cód', 'Código de barras', 'codDeBarra', 'Referência', 'SKU'] },
    {
      key: 'name',
      label: 'Nome',
      headers: ['Nome', 'Produto', 'Descrição', 'Descrição do produto', 'Nome do produto'],
      required: true,
    },
    {
      key: 'price',
      label: 'Preço',
      headers: ['Preço', 'Valor', 'Preço de venda', 'precoVenda', 'Valor de venda', 'Preço unitário', 'Valor unitário'],
      required: true,
    },
    { key: 'unit', label: 'Unidade', headers: ['Unidade', 'Un', 'Und', 'Unid', 'Unidade de medida'] },
  ],
  services: [
    { key: 'code', label: 'Código', headers: ['Código', 'Cód', 'Referência'] },
    { key: 'name', label: 'Nome', headers: ['Nome', 'Serviço', 'Nome do serviço'], required: true },
    {
      key: 'price',
      label: 'Preço',
      headers: ['Preço', 'Valor', 'Preço de venda', 'Valor do serviço', 'Preço unitário'],
      required: true,
    },
  ],
};

/** 'Nº de Série ' → 'nodeserie': how headers are compared. */
export const headerKey = (header: string) =>
  header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/°/g, 'o')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The field a header names by itself, if any. */
export function fieldForHeader(kind: ImportKind, header: string): string | undefined {
  const key = headerKey(header);
  if (!key) return undefined;
  return importFields[kind].find((f) => f.headers.some((h) => headerKey(h) === key))?.key;
}

export const importFieldLabel = (kind: ImportKind, field: string) =>
  importFields[kind].find((f) => f.key === field)?.label ?? field;

export const importMessages = {
  notASpreadsheet: 'Envie uma planilha CSV ou XLSX (Excel).',
  oldExcel: 'Planilhas .xls (Excel 97–2003) não são aceitas: no Excel, salve como .xlsx ou CSV e envie de novo.',
  unreadableXlsx: 'Não foi possível ler a planilha XLSX. Abra no Excel, salve de novo como .xlsx e envie.',
  tooLarge: `O arquivo deve ter no máximo ${IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  xlsxTooLarge: 'A planilha é grande demais quando aberta: divida-a em arquivos menores.',
  empty: 'A planilha está vazia: a primeira linha deve ter os nomes das colunas e as seguintes, os dados.',
  waiting:
    'Na fila: outra importação está em andamento. A sua começa assim que ela terminar; mantenha esta página aberta.',
  tooManyRows: `A planilha tem mais de ${IMPORT_MAX_ROWS.toLocaleString('pt-BR')} linhas: divida-a em arquivos menores.`,
  mappingJson: 'Associação de colunas inválida.',
  unknownField: (header: string) => `Campo desconhecido para a coluna '${header}'.`,
  sameField: (label: string, a: string, b: string) =>
    `As colunas '${a}' e '${b}' foram associadas ao mesmo campo (${label}).`,
  missingFields: (labels: string[]) =>
    `Associe uma coluna da planilha a ${labels.length > 1 ? 'estes campos obrigatórios' : 'este campo obrigatório'}: ${labels.join(', ')}.`,
  /** A row that repeats an earlier row's identifier or code. */
  repeated: (what: string, row: number) => `${what} repetido na planilha (já está na linha ${row})`,
  unknownUnit: 'Unidade desconhecida: use un, pç, cx, kg, g, m, m², m³, l, ml ou h',
  addressIncomplete: 'Informe o endereço (rua) para cadastrar o endereço desta linha',
  /** A CEP of another city or UF than the row's. */
  cepOtherPlace: (cep: string, city: string, state: string) =>
    `O CEP ${cep} é de ${city}/${state}, não da cidade e UF desta linha: corrija o CEP ou a cidade`,
  equipmentIncomplete: 'Informe o equipamento para cadastrar a marca, o modelo e o nº de série desta linha',
  imported: (n: number) => (n === 1 ? '1 linha importada' : `${n.toLocaleString('pt-BR')} linhas importadas`),
} as const;

export const importParams = orgParam.extend({ kind: z.enum(IMPORT_KINDS) });

/**
 * GET import/queue: the organization's imports running and waiting now. One import per organization
 * and two per server run at a time; the others wait their turn, and the screen says so meanwhile.
 */
export const importQueueResponse = z.object({ running: z.number().int(), waiting: z.number().int() });
export type ImportQueue = z.infer<typeof importQueueResponse>;

/**
 * The multipart fields besides `file`: `mapping` (JSON: the file's column header → field key, or ''
 * to leave a column out; headers not named are mapped by their name) and `dryRun` ('true': check and
 * preview, write nothing).
 */
export const importMapping = z.record(z.string(), z.string());
export type ImportMapping = z.infer<typeof importMapping>;

export const importRowError = z.object({
  /** The row as the spreadsheet numbers it (the header is row 1). */
  row: z.number().int(),
  /** The field key (see importFields); the column is the one mapped to it. */
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

export const importRowStatus = z.enum(['new', 'existing', 'invalid']);
export type ImportRowStatus = z.infer<typeof importRowStatus>;

export const importResponse = z.object({
  dryRun: z.boolean(),
  /** Data rows read (blank rows left out). */
  totalRows: z.number().int(),
  /** New valid rows: what the import writes (a dry run says how many it would). */
  ready: z.number().int(),
  /** Rows written (0 on a dry run). */
  imported: z.number().int(),
  /** Rows that match a record already registered (by CPF/CNPJ or name; by code or name): left as they are. */
  existing: z.number().int(),
  /** Rows with an error: not imported. */
  invalid: z.number().int(),
  /** Rows not imported: existing + invalid (+ those taken meanwhile by someone else). */
  skipped: z.number().int(),
  errors: z.array(importRowError),
  /** The file's columns, in order, with the field each went to (null: left out) and a value from the first rows. */
  columns: z.array(z.object({ header: z.string(), field: z.string().nullable(), sample: z.string() })),
  /** Required fields no column went to: nothing is checked or written until they are mapped. */
  missingFields: z.array(z.string()),
  /** The first rows as read, by field, with what the import does with each. */
  preview: z.array(
    z.object({ row: z.number().int(), status: importRowStatus, values: z.record(z.string(), z.string()) }),
  ),
});
export type ImportResult = z.infer<typeof importResponse>;
