import { Card, ListGroup, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { formatIdentifier } from '@oficina/contracts';
import { formatDate } from '../../../lib/format.ts';
import { InvoiceStatusBadge } from '../../../components/invoices/invoice-status-badge.tsx';
import { invoiceEditPath } from '../../../components/invoices/invoice-table.tsx';
import { useInvoiceCard, type InvoiceCard as Card_ } from '../api/get-invoice-card.ts';

/**
 * A home card (spec 1 §2): each row shows the status badge, number, date, customer, company identifier
 * and a link to the order; an empty card reads 'Nenhum registro'.
 */
export function InvoiceCard({ card, title }: { card: Card_; title: string }) {
  const query = useInvoiceCard(card);
  const rows = query.data?.data ?? [];
  return (
    <Card as="section" className="h-100 home-card" aria-label={title}>
      <Card.Header className="bg-white">
        <h2 className="h6 mb-0">{title}</h2>
      </Card.Header>
      {query.isPending ? (
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
            <ListGroup.Item
              key={r.id}
              action
              as={Link}
              to={invoiceEditPath(r.id)}
              className="d-flex flex-column gap-1"
              aria-label={`Ordem de serviço ${r.number}, ${r.customerName}`}
            >
              <div className="d-flex align-items-center justify-content-between gap-2">
                <span className="fw-semibold">#{r.number}</span>
                <InvoiceStatusBadge state={r.statusState} label={r.statusLabel} />
              </div>
              <div className="text-truncate">{r.customerName}</div>
              <div className="d-flex justify-content-between gap-2 small text-body-secondary">
                <span>{formatDate(r.createdAt)}</span>
                <span className="text-nowrap">{formatIdentifier(r.companyIdentifier, r.companyType)}</span>
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </Card>
  );
}
