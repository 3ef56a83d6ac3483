import { useEffect, useRef } from 'react';
import { Badge } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  pixChargeStatusLabels,
  pixSimulateMessages,
  type InvoiceDetail,
  type InvoicePaymentsResponse,
  type PixChargeInfo,
  type PixChargeStatus,
} from '@ordem-certa/contracts';
import { ActionButton } from '../../../components/action-button.tsx';
import { isoToBr } from '../../../components/date-text.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { usePixCharge } from '../api/get-pix-charge.ts';
import { useSimulatePixPayment } from '../api/simulate-pix-payment.ts';
import { toastStateChangeFailed } from './notify.ts';
import { refreshInvoice } from '../api/invoice-keys.ts';
import { paymentsQueryOptions } from '../api/get-payments.ts';

const variants: Record<PixChargeStatus, string> = {
  creating: 'secondary',
  ATIVA: 'primary',
  CONCLUIDA: 'success',
  REMOVIDA_PELO_USUARIO_RECEBEDOR: 'secondary',
  REMOVIDA_PELO_PSP: 'danger',
  EXPIRADA: 'warning',
};

/** The active instalment codes of the card that the instalments read last do not carry ('' when none). */
function missingCodes(card: PixChargeInfo | undefined, shown: InvoicePaymentsResponse | undefined): string {
  if (!card || !shown) return '';
  return card.installments
    .filter((x) => x.status === 'ATIVA' && x.pixCopiaECola)
    .filter((x) => {
      const row = shown.installments.find((i) => i.id === x.receivableId);
      return row && row.status !== 'paid' && row.pixCopiaECola !== x.pixCopiaECola;
    })
    .map((x) => x.pixCopiaECola)
    .join();
}

/**
 * 'Cobrança Pix' (admin, companies connected to a PSP): the order's charge and its status, and each
 * instalment's charge with a due date, asked again while one waits, so a payment the PSP reports shows
 * here (and the order or the instalment as paid) without a reload.
 */
export function PixChargeCard({ invoice }: { invoice: InvoiceDetail }) {
  const query = usePixCharge(invoice.id);
  const simulate = useSimulatePixPayment(invoice.id);
  const queryClient = useQueryClient();
  const orgPath = useOrgPath();
  // The statuses of every charge, the instalments' too: a change refreshes the order and its payments —
  // the first charges made after the page opened with none included (null only while nothing has loaded).
  const status = query.data
    ? [query.data.charge?.status ?? 'none', ...query.data.installments.map((x) => `${x.number}:${x.status}`)].join()
    : null;
  const before = useRef(status);
  useEffect(() => {
    if (status === null) return;
    if (before.current !== null && before.current !== status) void refreshInvoice(queryClient, orgPath, invoice.id);
    before.current = status;
  }, [status, queryClient, orgPath, invoice.id]);
  // 'Parcelas' may have been read before the job made a charge this card already shows (the two reads
  // race when the order is opened): an active code the instalments lack refreshes them, once per code.
  const shown = useQuery({ ...paymentsQueryOptions(orgPath, invoice.id), enabled: false }).data;
  const missing = missingCodes(query.data, shown);
  const asked = useRef('');
  useEffect(() => {
    if (!missing || asked.current === missing) return;
    asked.current = missing;
    void refreshInvoice(queryClient, orgPath, invoice.id);
  }, [missing, queryClient, orgPath, invoice.id]);

  const data = query.data;
  if (!data || (!data.charge && !data.queued && !data.pending && !data.installments.length)) return null;
  const c = data.charge;
  const pay = async (installment?: number) => {
    try {
      await simulate.mutateAsync(installment);
      toast.success(pixSimulateMessages.done);
    } catch (err) {
      toastStateChangeFailed(err);
    }
  };
  return (
    <SectionCard title="Cobrança Pix" className="pix-charge-card">
      {c && (
        <dl className="totals-list mb-2">
          <div>
            <dt>Status</dt>
            <dd>
              <Badge bg={variants[c.status]} data-testid="pix-charge-status">
                {pixChargeStatusLabels[c.status]}
              </Badge>
            </dd>
          </div>
          <div>
            <dt>Valor</dt>
            <dd>{formatMoney(c.amount)}</dd>
          </div>
          {c.expiresAt && c.status === 'ATIVA' && (
            <div>
              <dt>Vence em</dt>
              <dd>{formatDateTime(c.expiresAt)}</dd>
            </div>
          )}
        </dl>
      )}
      {c?.pixCopiaECola && c.status === 'ATIVA' && (
        <div className="small">
          <div className="text-body-secondary">Pix copia e cola</div>
          <code className="text-break d-block" data-testid="pix-charge-code">
            {c.pixCopiaECola}
          </code>
        </div>
      )}
      {data.installments.length > 0 && (
        <ul className="list-unstyled small mb-2" aria-label="Cobranças das parcelas">
          {data.installments.map((x) => (
            <li key={x.receivableId} className="d-flex flex-wrap gap-2 align-items-center mb-1">
              <span>
                Parcela {x.number}/{x.count} · {isoToBr(x.dueDate)} · {formatMoney(x.amount)}
              </span>
              <Badge bg={variants[x.status]}>{pixChargeStatusLabels[x.status]}</Badge>
              {data.canSimulate && x.status === 'ATIVA' && (
                <ActionButton
                  variant="link"
                  size="sm"
                  className="p-0"
                  aria-label={`Simular o pagamento da parcela ${x.number}/${x.count}`}
                  action={() => pay(x.receivableId)}
                >
                  Simular pagamento
                </ActionButton>
              )}
            </li>
          ))}
        </ul>
      )}
      {data.canSimulate && c?.status === 'ATIVA' && (
        <div className="mt-3 border-top pt-2">
          <div className="small text-body-secondary mb-2">
            Demonstração: a empresa está ligada ao PSP de testes. Simule o pagamento que o cliente faria no banco.
          </div>
          <ActionButton variant="outline-success" size="sm" action={() => pay()}>
            Simular pagamento
          </ActionButton>
        </div>
      )}
      {!c && data.queued && !data.pending && !data.installments.length && (
        <div className="small text-body-secondary" data-testid="pix-charge-making">
          Gerando a cobrança no PSP…
        </div>
      )}
      {c?.lastError && <div className="small text-danger mt-2">{c.lastError}</div>}
      {data.pending && (
        <div className="small text-warning-emphasis mt-2">
          O PSP não respondeu; a cobrança será atualizada assim que ele voltar ({data.pending}). Enquanto isso o PDF e a
          página do cliente mostram o QR Code estático.
        </div>
      )}
    </SectionCard>
  );
}
