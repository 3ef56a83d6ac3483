import { formatQuantity, type ReportCell, type ReportColumnType } from '@ordem-certa/contracts';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';

const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM' as 'mar. de 2026'. */
export const formatMonth = (value: string) => monthName.format(new Date(`${value}-15T12:00:00Z`));

/** A report cell as pt-BR text, by its column's type. */
export function formatCell(value: ReportCell, type: ReportColumnType): string {
  if (value === null || value === undefined) return '';
  switch (type) {
    case 'int':
      return integer.format(Number(value));
    case 'quantity':
      return formatQuantity(Number(value));
    case 'money':
      return formatMoney(Number(value));
    case 'percent':
      return `${percent.format(Number(value))}%`;
    case 'date':
      return formatDate(`${value}T12:00:00Z`, 'UTC');
    case 'datetime':
      return formatDateTime(String(value));
    case 'month':
      return formatMonth(String(value));
    default:
      return String(value);
  }
}

export const isNumeric = (type: ReportColumnType) =>
  type === 'int' || type === 'quantity' || type === 'money' || type === 'percent';

export const isTemporal = (type: ReportColumnType) => type === 'date' || type === 'datetime' || type === 'month';
