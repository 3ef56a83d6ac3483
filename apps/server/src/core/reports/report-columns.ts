import type { ReportColumn } from '@ordem-certa/contracts';

/** The columns several reports show, named and labelled alike in each of them. */
export const reportColumns = {
  month: { name: 'month', label: 'Mês', type: 'month' },
  status: { name: 'status', label: 'Situação', type: 'string' },
  customer: { name: 'customer', label: 'Cliente', type: 'string' },
  company: { name: 'company', label: 'Empresa', type: 'string' },
  orders: { name: 'orders', label: 'Ordens', type: 'int' },
  /** The order's number. */
  order: { name: 'order', label: 'OS', type: 'int' },
  /** What the rows sum to (an order's total less its discount, what was charged). */
  total: { name: 'value', label: 'Total', type: 'money' },
  value: { name: 'value', label: 'Valor', type: 'money' },
} as const satisfies Record<string, ReportColumn>;
