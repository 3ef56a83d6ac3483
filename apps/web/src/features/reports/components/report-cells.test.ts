import { describe, expect, it } from 'vitest';
import { formatCell } from './report-cells.ts';

describe('formatCell', () => {
  it('formats each column type in pt-BR', () => {
    expect(formatCell(12345, 'int')).toBe('12.345');
    expect(formatCell(1234.5, 'money')).toBe('R$\u00a01.234,50');
    expect(formatCell(33.333, 'percent')).toBe('33,3%');
    expect(formatCell('2026-03-05', 'date')).toBe('05/03/2026');
    expect(formatCell('2026-04-02T02:00:00.000Z', 'datetime')).toBe('01/04/2026, 23:00');
    expect(formatCell('2026-03', 'month')).toBe('mar. de 2026');
    expect(formatCell('=1+1', 'string')).toBe('=1+1');
    expect(formatCell(null, 'money')).toBe('');
  });
});
