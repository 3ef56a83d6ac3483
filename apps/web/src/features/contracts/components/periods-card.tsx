import { Badge } from 'react-bootstrap';
import { Link } from 'react-router';
import type { Contract, ContractPeriod } from '@ordem-certa/contracts';
import { formatIsoDate, formatMoney } from '../../../lib/format.ts';
import { todayIso } from '../../../lib/time-zone.ts';

const nfseLabels: Record<ContractPeriod['nfseStatus'], string | null> = {
  none: null,
  pending: 'NFS-e a emitir',
  requested: 'NFS-e emitida',
  failed: 'NFS-e não emitida',
};

/** The periods billed, newest first: the order, the amount, received or not, and the NFS-e. */
export function PeriodsCard({ contract }: { contract: Contract }) {
  const today = todayIso();
  const state = (p: ContractPeriod) =>
    p.paid
      ? (['success', 'Recebida'] as const)
      : p.date < today
        ? (['danger', 'Vencida'] as const)
        : (['secondary', 'Em aberto'] as const);
  return (
    <section className="card" aria-labelledby="contract-periods-title">
      <h2 className="card-header h6 mb-0" id="contract-periods-title">
        Cobranças
      </h2>
      {contract.periods.length === 0 ? (
        <p className="card-body text-body-secondary mb-0">
          {contract.nextBillingDate
            ? `A primeira cobrança será em ${formatIsoDate(contract.nextBillingDate)}.`
            : 'Nenhuma cobrança.'}
        </p>
      ) : (
        <ul className="list-group list-group-flush">
          {contract.periods.map((p) => (
            <li key={p.date} className="list-group-item">
              <div className="money-line">
                <span>
                  {formatIsoDate(p.date)}
                  {p.invoiceId && (
                    <>
                      {' · '}
                      <Link to={`/invoices/${p.invoiceId}/edit`}>OS {p.invoiceNumber}</Link>
                    </>
                  )}
                </span>
                <strong>{formatMoney(p.amount)}</strong>
              </div>
              <div className="d-flex flex-wrap gap-2 mt-1">
                <Badge bg={state(p)[0]}>{state(p)[1]}</Badge>
                {nfseLabels[p.nfseStatus] && (
                  <Badge bg={p.nfseStatus === 'failed' ? 'danger' : 'info'}>{nfseLabels[p.nfseStatus]}</Badge>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {contract.readjustments.length > 0 && (
        <>
          <h3 className="card-header h6 mb-0 border-top">Reajustes</h3>
          <ul className="list-group list-group-flush">
            {contract.readjustments.map((r) => (
              <li key={r.anniversary} className="list-group-item small">
                {formatIsoDate(r.anniversary)}: {r.indexName} {String(r.percent).replace('.', ',')}% —{' '}
                {formatMoney(r.amountBefore)} → {formatMoney(r.amountAfter)}
                {r.userName && ` (${r.userName})`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
