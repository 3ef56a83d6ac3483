import { InvoiceStatusBadge } from '../../../components/invoices/invoice-status-badge.tsx';

export function StateBadge({ state }: { state: number }) {
  return <InvoiceStatusBadge state={state} />;
}
