import { Badge } from 'react-bootstrap';
import { InvoiceState, invoiceStateLabel } from '@oficina/contracts';

const variants: Record<number, string> = {
  [InvoiceState.Draft]: 'secondary',
  [InvoiceState.Todo]: 'info',
  [InvoiceState.Wip]: 'primary',
  [InvoiceState.Completed]: 'success',
  [InvoiceState.Blocked]: 'warning',
  [InvoiceState.Canceled]: 'danger',
};

export function StateBadge({ state }: { state: number }) {
  const bg = variants[state] ?? 'secondary';
  return (
    <Badge bg={bg} text={bg === 'warning' || bg === 'info' ? 'dark' : undefined}>
      {invoiceStateLabel(state)}
    </Badge>
  );
}
