import { SummaryList } from '../../../components/summary-list.tsx';
import type { ReactNode } from 'react';
import type { CustomerDecision } from '@ordem-certa/contracts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { pngSize } from '../../../lib/png-size.ts';
import { SectionCard } from '../../../components/section-card.tsx';

/**
 * 'Resposta do cliente': the latest answer given through the shared link, with what proves it — when,
 * from which address and browser, the version of the estimate it answered (its content hash, shortened,
 * the full value on hover) and the drawn signature of an approval.
 */
export function CustomerDecisionCard({ decision }: { decision: CustomerDecision }) {
  const approved = decision.decision === 'approved';
  const rows: Array<[string, ReactNode]> = [['Nome', decision.name ?? 'Não informado']];
  if (decision.reason) rows.push(['Motivo', decision.reason]);
  rows.push(
    ['Data', `${formatDate(decision.decidedAt)} ${formatTime(decision.decidedAt)}`],
    ['IP', decision.ip],
    ['Navegador', decision.userAgent ?? 'Não informado'],
    [
      'Versão (hash)',
      <abbr key="hash" title={decision.contentHash} className="font-monospace" data-testid="decision-hash">
        {`${decision.contentHash.slice(0, 12)}…`}
      </abbr>,
    ],
  );
  return (
    <SectionCard title="Resposta do cliente">
      <div className={`fw-semibold mb-2 ${approved ? 'text-success' : 'text-danger'}`} data-testid="decision-result">
        {approved ? 'Aprovado pelo cliente' : 'Recusado pelo cliente'}
      </div>
      <SummaryList rows={rows} className="small" />
      {approved && decision.signature && (
        <img
          src={decision.signature}
          {...pngSize(decision.signature)}
          alt={`Assinatura de ${decision.name ?? 'cliente'}`}
          className="signature-image border rounded bg-white mt-2"
        />
      )}
    </SectionCard>
  );
}
