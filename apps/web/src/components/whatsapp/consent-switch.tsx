import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { toast } from 'react-toastify';
import {
  consentSourceLabels,
  consentSources,
  formatPhone,
  messages,
  whatsappCloudMessages,
  type ConsentSource,
} from '@ordem-certa/contracts';
import { toastApiError } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useConsent, useSaveConsent } from './api/consent.ts';

/**
 * The customer's consent to WhatsApp messages (LGPD): whether they agreed, when, how and who recorded
 * it, and the switch that records a change. No automatic message goes without it; turning it off (or
 * the customer answering SAIR) stops them at once and sends one confirmation.
 */
export function ConsentSwitch({ customerId, canEdit }: { customerId: number; canEdit: boolean }) {
  const consent = useConsent(customerId);
  const save = useSaveConsent(customerId);
  const [source, setSource] = useState<ConsentSource>('form');
  const switchId = useId();
  const sourceId = useId();
  if (consent.isPending) return <p className="text-body-secondary small mb-0">Carregando...</p>;
  const current = consent.data?.current ?? null;
  const change = async (optIn: boolean) => {
    try {
      await save.mutateAsync({ optIn, source });
      toast.success(whatsappCloudMessages.consentSaved);
    } catch (err) {
      toastApiError(err, messages.requestFailed);
    }
  };
  const said = current
    ? `${current.optIn ? 'Autorizou' : 'Não quer receber'} desde ${formatDateTime(current.at)} · ${consentSourceLabels[current.source]}${
        current.recordedBy ? ` (registrado por ${current.recordedBy})` : ''
      }${current.phone ? ` · ${formatPhone(current.phone)}` : ''}`
    : 'O cliente ainda não autorizou mensagens automáticas pelo WhatsApp.';
  return (
    <div>
      <div className="d-flex flex-wrap align-items-center gap-3">
        <Form.Check
          type="switch"
          id={switchId}
          label="Autoriza mensagens automáticas pelo WhatsApp"
          checked={current?.optIn ?? false}
          disabled={!canEdit || save.isPending}
          onChange={(e) => void change(e.currentTarget.checked)}
        />
        {canEdit && (
          <Form.Group className="d-flex align-items-center gap-2">
            <Form.Label htmlFor={sourceId} className="small mb-0 text-nowrap">
              Como
            </Form.Label>
            <Form.Select
              id={sourceId}
              size="sm"
              value={source}
              onChange={(e) => setSource(e.currentTarget.value as ConsentSource)}
            >
              {consentSources.map((s) => (
                <option key={s} value={s}>
                  {consentSourceLabels[s]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
      </div>
      <p className="small text-body-secondary mt-1 mb-0">{said}</p>
      {(consent.data?.history.length ?? 0) > 1 && (
        <details className="small mt-1">
          <summary>Histórico do consentimento</summary>
          <ul className="mb-0">
            {consent.data!.history.map((h) => (
              <li key={h.at}>
                {formatDateTime(h.at)}: {h.optIn ? 'autorizou' : 'retirou'} · {consentSourceLabels[h.source]}
                {h.recordedBy ? ` · ${h.recordedBy}` : h.source === 'reply' ? ' · pelo próprio cliente' : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
