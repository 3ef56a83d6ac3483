import { Badge, Card } from 'react-bootstrap';
import { Link } from 'react-router';
import type { PortalOrder } from '@ordem-certa/contracts';
import { formatDate, formatMoney } from '../../../lib/format.ts';

/** An order in a list: number, status, machines, the visit's or the end's date, and its total. */
export function OrderCard({ order }: { order: PortalOrder }) {
  const when = order.finishedAt ?? order.scheduledAt ?? order.createdAt;
  return (
    <Card className="mb-2">
      <Card.Body>
        <div className="d-flex justify-content-between align-items-start gap-2">
          <div>
            <Link to={`/portal/ordens/${order.id}`} className="fw-semibold">
              Ordem de serviço nº {order.number}
            </Link>
            <div className="small text-body-secondary">
              {order.finishedAt ? 'Concluída em' : order.scheduledAt ? 'Visita em' : 'Aberta em'} {formatDate(when)}
            </div>
            {order.equipments.length > 0 && <div className="small">{order.equipments.join(', ')}</div>}
          </div>
          <div className="text-end">
            <div className="fw-semibold">{formatMoney(order.total)}</div>
            <Badge bg={order.open ? 'primary' : 'secondary'}>{order.statusLabel}</Badge>
          </div>
        </div>
      </Card.Body>
    </Card>
  );
}
