import { describe, expect, it } from 'vitest';
import { PersonType } from '@ordem-certa/contracts';
import { readUnit } from './catalog-import.ts';
import { readIdentifier, readState } from './customer-import.ts';
import { cellText, decodeText, detectDelimiter, readSpreadsheet } from './spreadsheet.ts';

describe('reading a spreadsheet', () => {
  it('text: UTF-8 with or without BOM, UTF-16 by its BOM, else Windows-1252', () => {
    expect(decodeText(Buffer.from('\ufeffAção;Preço', 'utf8'))).toBe('Ação;Preço');
    expect(decodeText(Buffer.from('Ação;Preço', 'utf8'))).toBe('Ação;Preço');
    expect(decodeText(Buffer.from([0x41, 0xe7, 0xe3, 0x6f, 0x20, 0x96, 0x20, 0x80]))).toBe('Ação – €');
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Nome\tCPF', 'utf16le')]))).toBe(
      'Nome\tCPF',
    );
  });

  it('the separator the header line has most of, quotes aside', () => {
    expect(detectDelimiter('Nome;CPF;Cidade\r\nA,B;1;X')).toBe(';');
    expect(detectDelimiter('"Nome; completo",CPF,Cidade\n')).toBe(',');
    expect(detectDelimiter('Nome\tCPF\n')).toBe('\t');
    expect(detectDelimiter('Nome\n')).toBe(';');
  });

  it('rows numbered as the spreadsheet shows them: blank rows skipped but counted, a quoted cell over two lines one row', async () => {
    const sheet = await readSpreadsheet(Buffer.from('Nome;Obs\r\nA;"linha 1\r\nlinha 2"\r\n\r\n;\r\nB;x;extra\r\n'));
    expect(sheet.headers).toEqual(['Nome', 'Obs', 'Coluna C']);
    expect(sheet.rows).toEqual([
      { row: 2, cells: ['A', 'linha 1\r\nlinha 2'] },
      { row: 5, cells: ['B', 'x', 'extra'] },
    ]);
    const repeated = await readSpreadsheet(Buffer.from('Telefone;Telefone\n1;2\n'));
    expect(repeated.headers).toEqual(['Telefone', 'Telefone (2)']);
  });

  it('XLSX cells as text: numbers with a decimal comma, rich text, formulas, links, dates', () => {
    expect(cellText(1850.5)).toBe('1850,5');
    expect(cellText(12345678909)).toBe('12345678909');
    expect(cellText({ richText: [{ text: 'Gás ' }, { text: 'R-22' }] })).toBe('Gás R-22');
    expect(cellText({ formula: 'A1*2', result: 20 })).toBe('20');
    expect(cellText({ text: 'site', hyperlink: 'https://exemplo.com.br' })).toBe('site');
    expect(cellText(new Date(Date.UTC(2026, 10, 25)))).toBe('25/11/2026');
    expect(cellText(null)).toBe('');
  });
});

describe('reading a row', () => {
  it('the identifier: its type by its length, zeros a number cell lost put back when that makes it valid', () => {
    expect(readIdentifier('529.982.247-25')).toEqual({ type: PersonType.Natural, identifier: '52998224725' });
    expect(readIdentifier('1234567890')).toEqual({ type: PersonType.Natural, identifier: '01234567890' });
    expect(readIdentifier('11222333000181')).toEqual({ type: PersonType.Juridical, identifier: '11222333000181' });
    expect(readIdentifier('1222333000128')).toEqual({ type: PersonType.Juridical, identifier: '01222333000128' });
    expect(readIdentifier('12ABC34501DE35')).toEqual({ type: PersonType.Juridical, identifier: '12ABC34501DE35' });
    // Not valid either way: kept as written, for the schema to say which is invalid.
    expect(readIdentifier('123')).toEqual({ type: PersonType.Natural, identifier: '123' });
    expect(readIdentifier('529.982.247-2X')).toEqual({ type: PersonType.Natural, identifier: '5299822472X' });
    expect(readIdentifier('')).toEqual({ type: PersonType.Natural, identifier: '' });
  });

  it('states by their letters or their name; units as spreadsheets write them', () => {
    expect(readState('sp')).toBe('SP');
    expect(readState('São Paulo')).toBe('SP');
    expect(readState('rio grande do sul')).toBe('RS');
    expect(readState('Paulista')).toBe('Paulista');
    expect(readUnit('')).toBe('un');
    expect(readUnit('UNID.')).toBe('un');
    expect(readUnit('Peça')).toBe('pc');
    expect(readUnit('M²')).toBe('m2');
    expect(readUnit('Litros')).toBe('l');
    expect(readUnit('galão')).toBeUndefined();
  });
});
