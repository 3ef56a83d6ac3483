import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { federalWithholdingLabels, federalWithholdings, type OrderWithholdings } from '@ordem-certa/contracts';
import { formatMoney } from '../../../lib/format.ts';
import { WithholdingsForm } from '../../../components/nfse/withholdings-form.tsx';
import { useOrderWithholdings, useSaveOrderWithholdings } from '../api/order-withholdings.ts';

type Rates = NonNullable<OrderWithholdings['effective']>;

/** 'ISS retido, PIS 0,65%, COFINS 3%' or 'Nenhuma'. */
function summary(w: Rates | null) {
  if (!w) return 'Nenhuma';
  const parts = [
    ...(w.iss ? ['ISS retido'] : []),
    ...federalWithholdings
      .filter((k) => w[k])
      .map((k) => `${federalWithholdingLabels[k]} ${String(w[k]).replace('.', ',')}%`),
  ];
  return parts.length ? parts.join(', ') : 'Nenhuma';
}

/**
 * The order's withholdings: which apply (its own, else the customer's), what they come to and the net
 * the order's receivable expects; 'Alterar' sets the order's own, 'Usar as do cliente' drops them.
 */
export function OrderWithholdingsBlock({ invoiceId, locked }: { invoiceId: number; locked: boolean }) {
  const query = useOrderWithholdings(invoiceId);
  const save = useSaveOrderWithholdings(invoiceId);
  const [editing, setEditing] = useState(false);
  const w = query.data;
  if (!w) return null;
  const a = w.amounts;
  return (
    <div className="nfse-withholdings border rounded p-2 mb-2 small" data-testid="order-withholdings">
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <div>
          <span className="fw-semibold">Retenções:</span> {summary(w.effective)}
          <span className="text-body-secondary"> {w.order ? '(desta ordem)' : w.customer ? '(do cliente)' : ''}</span>
        </div>
        {!editing && !locked && (
          <Button size="sm" variant="link" className="p-0" onClick={() => setEditing(true)}>
            Alterar
          </Button>
        )}
      </div>
      {a.withheld > 0 && (
        <div className="mt-1">
          Retido {formatMoney(a.withheld)}
          {a.iss > 0 ? ` (ISS ${formatMoney(a.iss)})` : ''} · a receber{' '}
          <strong data-testid="order-net">{formatMoney(a.net)}</strong>
          {a.source === 'estimate' ? ' (estimado até a NFS-e)' : ''}
        </div>
      )}
      {editing && (
        <div className="mt-2">
          <WithholdingsForm
            idPrefix={`order-${invoiceId}-withholdings`}
            value={w.effective}
            submitLabel="Salvar para esta ordem"
            onSave={async (body) => {
              await save.mutateAsync(body);
              toast.success('Retenções da ordem salvas');
              setEditing(false);
            }}
            extra={
              <>
                {w.order && (
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    onClick={async () => {
                      await save.mutateAsync({ withholdings: null });
                      setEditing(false);
                    }}
                  >
                    Usar as do cliente
                  </Button>
                )}
                <Button size="sm" variant="link" onClick={() => setEditing(false)}>
                  Fechar
                </Button>
              </>
            }
          />
        </div>
      )}
    </div>
  );
}
