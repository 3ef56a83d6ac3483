import { describe, expect, it } from 'vitest';
import { errorFile } from './error-file.ts';
import { forgetMapping, loadMapping, saveMapping } from './saved-mapping.ts';

/** jsdom's Blob has no arrayBuffer(): its bytes through a FileReader. */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(new Uint8Array(reader.result as ArrayBuffer)));
    reader.addEventListener('error', () => reject(reader.error));
    reader.readAsArrayBuffer(blob);
  });

describe('the error file', () => {
  it('a CSV a pt-BR Excel opens: BOM, ;, the file column and the field, formulas disarmed', async () => {
    const { blob, fileName } = errorFile('products', {
      columns: [
        { header: 'Preço; venda', field: 'price', sample: '' },
        { header: '=Código', field: 'code', sample: '' },
      ],
      errors: [
        { row: 3, field: 'price', message: 'Valor inválido: use números, como 1.850,50' },
        { row: 7, field: 'code', message: 'Código repetido na planilha (já está na linha 2)' },
        { row: 9, field: 'unit', message: 'Unidade desconhecida' },
      ],
    });
    expect(fileName).toBe('erros-importacao-produtos.csv');
    const bytes = await bytesOf(blob);
    expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      'Linha;Coluna da planilha;Campo;Erro\r\n' +
        '3;"Preço; venda";Preço;Valor inválido: use números, como 1.850,50\r\n' +
        "7;'=Código;Código;Código repetido na planilha (já está na linha 2)\r\n" +
        '9;;Unidade;Unidade desconhecida\r\n',
    );
  });
});

describe('the remembered mapping', () => {
  it('per organization and kind; something else stored there is ignored', () => {
    saveMapping(1, 'customers', { Doc: 'identifier', Obs: '' });
    expect(loadMapping(1, 'customers')).toEqual({ Doc: 'identifier', Obs: '' });
    expect(loadMapping(2, 'customers')).toBeUndefined();
    expect(loadMapping(1, 'products')).toBeUndefined();
    localStorage.setItem('import-mapping:1:services', '[1,2]');
    expect(loadMapping(1, 'services')).toBeUndefined();
    localStorage.setItem('import-mapping:1:services', '{not json');
    expect(loadMapping(1, 'services')).toBeUndefined();
    forgetMapping(1, 'customers');
    expect(loadMapping(1, 'customers')).toBeUndefined();
  });
});
