import { describe, expect, it } from 'vitest';
import { csvFileName, reportCsv } from './report-csv.ts';

const csv = (type: 'code' | 'string' | 'money', cell: string | number | null) =>
  reportCsv({ header: [{ name: 'x', label: 'X', type }], body: [[cell]] }, 'America/Sao_Paulo')
    .toString('utf8')
    .split('\r\n')[1];

describe('report CSV cells', () => {
  it('writes a code of digits as the formula a spreadsheet keeps as text, every digit kept', () => {
    const key = '35503081234567800019900000000000000012345678901234';
    expect(key).toHaveLength(50);
    // The cell ="<key>", quoted as CSV quotes a cell holding a double quote.
    expect(csv('code', key)).toBe(`"=""${key}"""`);
    expect(csv('string', key)).toBe(key);
  });

  it('never turns a code with other characters into a formula, and disarms one that starts like it', () => {
    expect(csv('code', '=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csv('code', 'ABC-12')).toBe('ABC-12');
    expect(csv('code', null)).toBe('');
  });

  it('writes money with a decimal comma and quotes what holds the separator', () => {
    expect(csv('money', 1234.5)).toBe('1234,50');
    expect(csv('string', 'a;b')).toBe('"a;b"');
  });

  it("names the file by the organization's own clock, each time zone apart", () => {
    const at = new Date('2027-01-01T02:30:00Z');
    expect(csvFileName('Notas fiscais', at, 'America/Sao_Paulo')).toContain('Notas fiscais 2026-12-31 23h30.csv');
    expect(csvFileName('Notas fiscais', at, 'America/Manaus')).toContain('Notas fiscais 2026-12-31 22h30.csv');
    expect(csvFileName('Notas fiscais', at, 'America/Sao_Paulo')).toContain('Notas fiscais 2026-12-31 23h30.csv');
  });
});
