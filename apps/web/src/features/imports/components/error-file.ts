import { importFieldLabel, type ImportKind, type ImportResult } from '@ordem-certa/contracts';

const fileNames: Record<ImportKind, string> = {
  customers: 'erros-importacao-clientes.csv',
  products: 'erros-importacao-produtos.csv',
  services: 'erros-importacao-servicos.csv',
};

/** A cell as text a spreadsheet shows and never runs ('=…' gets an apostrophe), quoted when it must be. */
const cell = (value: string | number) => {
  const text = /^[=+\-@\t\r]/.test(String(value)) ? `'${value}` : String(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The rows the import refused, as a CSV a pt-BR Excel opens as it is (UTF-8 with BOM, ';'): the row as
 * the spreadsheet numbers it, the file's column, the field it went to and the message.
 */
export function errorFile(kind: ImportKind, result: Pick<ImportResult, 'errors' | 'columns'>) {
  const headerOf = (field: string) => result.columns.find((c) => c.field === field)?.header ?? '';
  const lines = [
    ['Linha', 'Coluna da planilha', 'Campo', 'Erro'],
    ...result.errors.map((e) => [e.row, headerOf(e.field), importFieldLabel(kind, e.field), e.message]),
  ].map((line) => line.map(cell).join(';'));
  return {
    blob: new Blob(['\uFEFF' + lines.join('\r\n') + '\r\n'], { type: 'text/csv;charset=utf-8' }),
    fileName: fileNames[kind],
  };
}
