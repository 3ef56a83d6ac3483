import { Badge, Card, Table } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { formatQuantity } from '@ordem-certa/contracts';
import { usePortalOrder } from '../api/portal-order.ts';

/** /portal/ordens/{id}: one order — status, machines, the problem, what was done, the photos marked visible. */
export function PortalOrderPage() {
  const id = Number(useParams().id);
  const order = usePortalOrder(id);
  if (order.isPending) return <PageSpinner />;
  if (order.isError) return <p>Ordem não encontrada.</p>;
  const o = order.data;
  return (
    <>
      <Link to="/portal">← Voltar</Link>
      <h1 className="h4 mt-2">
        Ordem de serviço nº {o.number} <Badge bg={o.open ? 'primary' : 'secondary'}>{o.statusLabel}</Badge>
      </h1>
      <p className="mb-2 small text-body-secondary">
        Aberta em {formatDate(o.createdAt)}
        {o.scheduledAt && ` · visita em ${formatDate(o.scheduledAt)}`}
        {o.finishedAt && ` · concluída em ${formatDate(o.finishedAt)}`}
      </p>
      {o.equipments.length > 0 && <p>Equipamentos: {o.equipments.join(', ')}</p>}
      {o.reportedProblem && (
        <Card className="mb-3">
          <Card.Body>
            <div className="fw-semibold">Problema relatado</div>
            {o.reportedProblem}
          </Card.Body>
        </Card>
      )}
      {o.lines.length > 0 && (
        <Table size="sm" className="bg-white">
          <thead>
            <tr>
              <th>Item</th>
              <th className="text-end">Qtd.</th>
              <th className="text-end">Valor</th>
            </tr>
          </thead>
          <tbody>
            {o.lines.map((l, n) => (
              <tr key={n}>
                <td>{l.name}</td>
                <td className="text-end">{formatQuantity(l.quantity)}</td>
                <td className="text-end">{formatMoney(l.price * l.quantity)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={2}>Total</th>
              <th className="text-end">{formatMoney(o.total)}</th>
            </tr>
          </tfoot>
        </Table>
      )}
      {o.pictures.length > 0 && (
        <section className="mb-3">
          <h2 className="h5">Fotos</h2>
          <div className="d-flex flex-wrap gap-2">
            {o.pictures.map((p) => (
              <img key={p.id} src={p.thumbnail} alt={p.name} width={150} className="rounded border" />
            ))}
          </div>
        </section>
      )}
      {o.rating && (
        <section className="mb-3" data-testid="portal-order-rating">
          <h2 className="h5">Avaliação do atendimento</h2>
          {o.rating.score === null ? (
            <p className="mb-1">Conte como foi: de 0 a 10, quanto você nos recomendaria?</p>
          ) : (
            <p className="mb-1">
              Sua nota: <strong>{o.rating.score}</strong>
            </p>
          )}
          <a href={o.rating.url}>{o.rating.score === null ? 'Avaliar o atendimento' : 'Ver ou alterar a avaliação'}</a>
        </section>
      )}
      <a href={o.pageUrl}>Ver a ordem completa, assinar e baixar o PDF</a>
    </>
  );
}
