import { Badge } from 'react-bootstrap';
import { InvoiceState, invoiceStateLabel } from '@ordem-certa/contracts';

/** One colour per order state, so a status reads the same on the list, the edit screen and the home cards. */
const variants: Record<number, string> = {
  [InvoiceState.Draft]: 'secondary',
  [InvoiceState.Todo]: 'info',
  [InvoiceState.Wip]: 'primary',
  [InvoiceState.Completed]: 'success',
  [InvoiceState.Blocked]: 'warning',
  [InvoiceState.Canceled]: 'danger',
};

/** A status badge: the status's own label (e.g. 'Aguardando peça') in its state's colour. */
export function InvoiceStatusBadge({ state, label }: { state: number; label?: string }) {
  const bg = variants[state] ?? 'secondary';
  return (
    <Badge
      bg={bg}
      text={bg === 'warning' || bg === 'info' ? 'dark' : undefined}
      title={label && label !== invoiceStateLabel(state) ? invoiceStateLabel(state) : undefined}
      data-testid="status-badge"
    >
      {label ?? invoiceStateLabel(state)}
    </Badge>
  );
}

/** 'Pago' next to the status when the order is paid. */
export function PaidBadge() {
  return (
    <Badge bg="success" className="paid-badge" data-testid="paid-badge">
      Pago
    </Badge>
  );
}
