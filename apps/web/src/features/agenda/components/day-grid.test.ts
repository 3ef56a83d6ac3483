import { describe, expect, it } from 'vitest';
import type { AgendaVisit } from '@ordem-certa/contracts';
import { columnsOf } from './day-grid.tsx';

const visit = (invoiceId: number, at: string, durationMinutes = 60): AgendaVisit => ({
  invoiceId,
  number: invoiceId,
  customerName: 'Cliente',
  customerPhone: null,
  customerPhoneE164: null,
  scheduledAt: `2031-01-15T${at}:00.000Z`,
  durationMinutes,
  state: 10,
  statusLabel: 'Em Andamento',
  workers: [],
  address: null,
  confirmed: false,
});

describe('columnsOf: visits of one lane that share minutes sit side by side', () => {
  it('visits one after another take the whole width', () => {
    const placed = columnsOf([visit(1, '08:00'), visit(2, '09:00'), visit(3, '10:00')]);
    expect([...placed.values()]).toEqual([
      { column: 0, columns: 1 },
      { column: 0, columns: 1 },
      { column: 0, columns: 1 },
    ]);
  });

  it('two overlapping visits split the lane; a later one alone is whole again', () => {
    const placed = columnsOf([visit(2, '13:30'), visit(1, '13:00', 90), visit(3, '16:00')]);
    expect(placed.get(1)).toEqual({ column: 0, columns: 2 });
    expect(placed.get(2)).toEqual({ column: 1, columns: 2 });
    expect(placed.get(3)).toEqual({ column: 0, columns: 1 });
  });

  it('a column freed inside a cluster is taken again', () => {
    // 1: 08:00–10:00; 2: 08:30–09:00; 3: 09:00–09:30 fits under 2.
    const placed = columnsOf([visit(1, '08:00', 120), visit(2, '08:30', 30), visit(3, '09:00', 30)]);
    expect(placed.get(3)).toEqual({ column: 1, columns: 2 });
  });
});
