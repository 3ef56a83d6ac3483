import { Badge } from 'react-bootstrap';
import { stockStatusLabels, type StockStatus } from '@ordem-certa/contracts';

/** 'Negativo' (red) or 'Estoque baixo' (yellow) beside a product's stock; nothing when it is fine. */
export function StockBadge({ status }: { status: StockStatus }) {
  if (status === 'ok') return null;
  return (
    <Badge bg={status === 'negative' ? 'danger' : 'warning'} text={status === 'negative' ? undefined : 'dark'}>
      {stockStatusLabels[status]}
    </Badge>
  );
}
