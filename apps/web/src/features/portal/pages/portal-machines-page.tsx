import { Card } from 'react-bootstrap';
import { Link } from 'react-router';
import type { PortalEquipment } from '@ordem-certa/contracts';
import { formatIsoDate } from '../../../lib/format.ts';
import { ListSection } from '../components/list-section.tsx';
import { usePortalList } from '../api/portal-list.ts';
import { equipmentsQuery } from '../api/get-equipments.ts';

/** /portal/equipamentos: the customer's machines, each with its warranty and a link to its history. */
export function PortalMachinesPage() {
  const machines = usePortalList<PortalEquipment>(equipmentsQuery());
  return (
    <ListSection title="Seus equipamentos" query={machines} empty="Nenhum equipamento cadastrado.">
      {(e) => (
        <Card key={e.id} className="mb-2">
          <Card.Body>
            <Link to={`/portal/equipamentos/${e.id}`} className="fw-semibold">
              {e.name}
            </Link>
            <div className="small">
              {e.brand} {e.model} · nº de série {e.serialNumber}
              {e.location && ` · ${e.location}`}
            </div>
            <div className="small text-body-secondary">
              {e.warrantyUntil ? `Garantia até ${formatIsoDate(e.warrantyUntil)}` : 'Sem garantia em vigor'}
            </div>
          </Card.Body>
        </Card>
      )}
    </ListSection>
  );
}
