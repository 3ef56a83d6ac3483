import { Badge, Card, ListGroup, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { can, formatIdentifier, homeCardFilters } from '@ordem-certa/contracts';
import { useViewer } from '../../../lib/auth.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { InvoiceStatusBadge } from '../../../components/invoices/invoice-status-badge.tsx';
import { invoiceEditPath } from '../../../components/invoices/invoice-table.tsx';
import { useInvoiceCard, type InvoiceCard as Card_ } from '../api/get-invoice-card.ts';
import { ConnectionNotice, useNoConnection } from '../../../components/connection-notice.tsx';

/** The order list filtered as the card is (state=7,10; isNotPaid=true), for 'Ver todas'. */
export function cardListPath(card: Card_): string {
  const f: { state: readonly number[]; isNotPaid?: boolean } = homeCardFilters[card];
  const params = new URLSearchParams({ state: f.state.join(',') });
  if (f.isNotPaid) params.set('isNotPaid', 'true');
  return `/invoices?${params.toString().replace(/%2C/g, ',')}`;
}

/**
 * A home card: how many orders it holds and, for who sees prices, their value; the newest rows with status badge, number, date, customer and the customer's CPF/CNPJ, and
 * 'Ver todas' to the order list filtered the same way, so nothing past the 10th row is out of reach.
 * An empty card reads 'Nenhum registro'.
 */
export function InvoiceCard({ card, title }: { card: Card_; title: string }) {
  const query = useInvoiceCard(card);
  const offline = useNoConnection(query);
  const rows = query.data?.data ?? [];
  const prices = can(useViewer(), 'price.see');
  return (
    <Card as="section" className="h-100 home-card" aria-label={title}>
      <Card.Header className="bg-white d-flex align-items-center justify-content-between gap-2">
        <h2 className="h6 mb-0">{title}</h2>
        {query.data && (
          <Badge bg="secondary" pill data-testid="card-count" aria-label={`${query.data.total} ordens de serviço`}>
            {query.data.total}
          </Badge>
        )}
      </Card.Header>
      {offline ? (
        <ConnectionNotice compact />
      ) : query.isPending ? (
        <Card.Body className="text-center">
          <Spinner size="sm" /> <span className="ms-2">Carregando...</span>
        </Card.Body>
      ) : query.isError ? (
        <Card.Body className="text-body-secondary">Não foi possível carregar.</Card.Body>
      ) : rows.length === 0 ? (
        <Card.Body className="text-body-secondary">Nenhum registro</Card.Body>
      ) : (
        <ListGroup variant="flush">
          {rows.map((r) => (
            <ListGroup.Item key={r.id} action as={Link} to={invoiceEditPath(r.id)} className="d-flex flex-column gap-1">
              <div className="d-flex align-items-center justify-content-between gap-2">
                <span className="fw-semibold">#{r.number}</span>
                <InvoiceStatusBadge state={r.statusState} label={r.statusLabel} />
              </div>
              <div className="text-truncate">{r.customerName}</div>
              <div className="d-flex justify-content-between gap-2 small text-body-secondary">
                <span>{formatDate(r.createdAt)}</span>
                <span className="text-nowrap">{formatIdentifier(r.customerIdentifier, r.customerType)}</span>
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      {query.data && (
        <Card.Footer className="bg-white d-flex align-items-center justify-content-between gap-2">
          {prices ? (
            <span>
              Total <strong data-testid="card-amount">{formatMoney(query.data.amount)}</strong>
            </span>
          ) : (
            <span />
          )}
          <Link to={cardListPath(card)}>Ver todas</Link>
        </Card.Footer>
      )}
    </Card>
  );
}
