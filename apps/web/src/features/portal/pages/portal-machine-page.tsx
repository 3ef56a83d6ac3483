import { Card } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import type { PortalEquipment } from '@ordem-certa/contracts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { formatDate, formatIsoDate } from '../../../lib/format.ts';
import { usePortalList } from '../api/portal-list.ts';
import { equipmentsQuery } from '../api/get-equipments.ts';
import { useEquipmentHistory } from '../api/equipment-history.ts';

/** /portal/equipamentos/{id}: a machine's history — its orders, how far their checklists got, their photos. */
export function PortalMachinePage() {
  const id = Number(useParams().id);
  const machines = usePortalList<PortalEquipment>(equipmentsQuery());
  const history = useEquipmentHistory(id);
  const machine = machines.data?.data.find((e) => e.id === id);
  if (history.isPending || machines.isPending) return <PageSpinner />;
  if (history.isError || !machine) return <p>Equipamento não encontrado.</p>;
  return (
    <>
      <Link to="/portal/equipamentos">← Equipamentos</Link>
      <h1 className="h4 mt-2">{machine.name}</h1>
      <p className="small mb-1">
        {machine.brand} {machine.model} · nº de série {machine.serialNumber}
      </p>
      <p className="small text-body-secondary">
        {machine.warrantyUntil ? `Garantia até ${formatIsoDate(machine.warrantyUntil)}` : 'Sem garantia em vigor'}
      </p>
      <h2 className="h5">Histórico</h2>
      {history.data.data.length === 0 && <p className="text-body-secondary">Nenhum atendimento ainda.</p>}
      {history.data.data.map((h) => (
        <Card key={h.invoiceId} className="mb-2">
          <Card.Body>
            <Link to={`/portal/ordens/${h.invoiceId}`} className="fw-semibold">
              Ordem de serviço nº {h.number}
            </Link>{' '}
            <span className="small">· {h.statusLabel}</span>
            <div className="small text-body-secondary">
              {h.finishedAt ? `Concluída em ${formatDate(h.finishedAt)}` : `Aberta em ${formatDate(h.createdAt)}`}
              {h.workers.length > 0 && ` · ${h.workers.join(', ')}`}
            </div>
            {h.checklists.map((c) => (
              <div key={c.name} className="small">
                Checklist {c.name}: {c.answered} de {c.total} itens
              </div>
            ))}
            {h.pictures > 0 && <div className="small">{h.pictures === 1 ? '1 foto' : `${h.pictures} fotos`}</div>}
          </Card.Body>
        </Card>
      ))}
    </>
  );
}
