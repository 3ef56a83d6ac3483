import { Badge, Card } from 'react-bootstrap';
import type { PortalReceivable } from '@ordem-certa/contracts';
import { CopyField } from '../../../components/copy-field.tsx';
import { formatIsoDate, formatMoney } from '../../../lib/format.ts';
import { ListSection } from '../components/list-section.tsx';
import { usePortalList } from '../api/portal-list.ts';
import { receivablesQuery } from '../api/get-receivables.ts';

/** /portal/pagamentos: the instalments, open ones first, each open one with its Pix QR and 'copia e cola'. */
export function PortalPaymentsPage() {
  const receivables = usePortalList<PortalReceivable>(receivablesQuery());
  return (
    <ListSection title="Pagamentos" query={receivables} empty="Nenhuma parcela.">
      {(r) => (
        <Card key={r.id} className="mb-2" data-testid={`portal-receivable-${r.id}`}>
          <Card.Body>
            <div className="d-flex justify-content-between gap-2">
              <div>
                <div className="fw-semibold">
                  Ordem nº {r.invoiceNumber} · parcela {r.installmentNumber} de {r.installmentCount}
                </div>
                <div className="small text-body-secondary">Vencimento {formatIsoDate(r.dueDate)}</div>
              </div>
              <div className="text-end">
                <div className="fw-semibold">{formatMoney(r.amount)}</div>
                <Badge
                  bg={r.paid ? 'success' : r.overdue ? 'danger' : 'warning'}
                  text={r.paid || r.overdue ? undefined : 'dark'}
                >
                  {r.paid ? 'Paga' : r.overdue ? 'Vencida' : 'Em aberto'}
                </Badge>
              </div>
            </div>
            {r.pix && (
              <div className="d-flex flex-wrap gap-3 align-items-center mt-2">
                <img src={r.pix.qr} width={140} height={140} alt="QR Code do Pix" className="border rounded bg-white" />
                <div className="flex-grow-1" style={{ minWidth: 0 }}>
                  <CopyField id={`pix-${r.id}`} label="Pix copia e cola" value={r.pix.code} />
                </div>
              </div>
            )}
          </Card.Body>
        </Card>
      )}
    </ListSection>
  );
}
