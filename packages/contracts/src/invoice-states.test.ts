import { describe, expect, it } from 'vitest';
import {
  allowedInvoiceChanges,
  InvoiceState as S,
  invoiceStateValues,
  type InvoiceStateValue,
} from './invoice-states.ts';
import { builtInRoles } from './roles.ts';

// The allowed state changes: every (from, to) pair for an admin on an unpaid order.
const expected: Record<InvoiceStateValue, InvoiceStateValue[]> = {
  [S.Draft]: [S.Todo, S.Wip, S.Canceled],
  [S.Todo]: [S.Wip, S.Blocked, S.Canceled],
  [S.Wip]: [S.Todo, S.Blocked, S.Canceled, S.Completed],
  [S.Blocked]: [S.Wip, S.Todo, S.Canceled],
  [S.Completed]: [S.Wip],
  [S.Canceled]: [],
};

const admin = { userId: 1, permissions: builtInRoles.admin.permissions };
const technician = { userId: 2, permissions: builtInRoles.technician.permissions };

describe('service-order state machine', () => {
  for (const from of invoiceStateValues) {
    for (const to of invoiceStateValues) {
      const allowed = expected[from].includes(to);
      it(`${from} -> ${to} is ${allowed ? 'allowed' : 'refused'} for an admin`, () => {
        expect(allowedInvoiceChanges(from, { viewer: admin, isPaid: false }).includes(to)).toBe(allowed);
      });
    }
  }
  it('a paid Completed order cannot be reopened', () => {
    expect(allowedInvoiceChanges(S.Completed, { viewer: admin, isPaid: true })).toEqual([]);
  });
  it('collaborators cannot reopen a Completed order nor cancel', () => {
    expect(allowedInvoiceChanges(S.Completed, { viewer: technician, isPaid: false })).toEqual([]);
    expect(allowedInvoiceChanges(S.Wip, { viewer: technician, isPaid: false })).toEqual([
      S.Todo,
      S.Blocked,
      S.Completed,
    ]);
  });
});
