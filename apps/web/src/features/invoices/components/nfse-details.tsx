import { Alert, Button } from 'react-bootstrap';
import { messages, nfseEnvironmentLabels, type Nfse } from '@ordem-certa/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useDownloadNfseXml, type NfseXmlFile } from '../api/download-nfse-xml.ts';

const percent = (v: number) => `${String(v).replace('.', ',')}%`;

/** What the NFS-e declares: the service, the ISS, what the taker withheld and the net to receive. */
function NfseValues({ nfse }: { nfse: Nfse }) {
  const v = nfse.values;
  const federal: Array<[string, number]> = [
    ['PIS', v.pis],
    ['COFINS', v.cofins],
    ['CSLL', v.csll],
    ['IRRF', v.irrf],
    ['INSS', v.cp],
  ];
  return (
    <dl className="nfse-values small mb-2" data-testid="nfse-values">
      <dt>Serviços</dt>
      <dd>{formatMoney(v.service - v.discount)}</dd>
      {v.iss !== null && (
        <>
          <dt>
            {v.issWithheld ? 'ISS retido' : 'ISS'}
            {v.issRate !== null ? ` (${percent(v.issRate)})` : ''}
          </dt>
          <dd>{formatMoney(v.iss)}</dd>
        </>
      )}
      {federal
        .filter(([, amount]) => amount > 0)
        .map(([label, amount]) => (
          <div key={label}>
            <dt>{label} retido</dt>
            <dd>{formatMoney(amount)}</dd>
          </div>
        ))}
      {v.withheld > 0 && (
        <>
          <dt>Total retido</dt>
          <dd>{formatMoney(v.withheld)}</dd>
        </>
      )}
      <dt>Valor líquido</dt>
      <dd className="fw-semibold" data-testid="nfse-net">
        {formatMoney(v.net)}
      </dd>
    </dl>
  );
}

/** The NFS-e's number, key, DPS, dates, values and XML, and why the national system refused what it refused. */
export function NfseDetails({ invoiceId, nfse }: { invoiceId: number; nfse: Nfse }) {
  const download = useDownloadNfseXml(invoiceId);
  const get = (file: NfseXmlFile) =>
    download.mutateAsync(file).catch((err) => toastApiError(err, messages.requestFailed));
  return (
    <>
      <dl className="nfse-facts small mb-2">
        {nfse.number && (
          <>
            <dt>Número</dt>
            <dd className="fs-5 fw-semibold mb-1" data-testid="nfse-number">
              {nfse.number}
            </dd>
          </>
        )}
        {nfse.issuedAt && (
          <>
            <dt>Emitida em</dt>
            <dd>{formatDateTime(nfse.issuedAt)}</dd>
          </>
        )}
        {nfse.accessKey && (
          <>
            <dt>Chave de acesso</dt>
            <dd className="font-monospace text-break">{nfse.accessKey.replace(/(\d{4})(?=\d)/g, '$1 ')}</dd>
          </>
        )}
        {nfse.replaces && (
          <>
            <dt>Substitui</dt>
            <dd data-testid="nfse-replaces">NFS-e nº {nfse.replaces.number ?? '—'}</dd>
          </>
        )}
        {nfse.substitutedBy && (
          <>
            <dt>Substituída por</dt>
            <dd>NFS-e nº {nfse.substitutedBy.number ?? '—'}</dd>
          </>
        )}
        <dt>DPS</dt>
        <dd>
          Série {nfse.dpsSeries}, nº {nfse.dpsNumber} · {nfseEnvironmentLabels[nfse.environment]}
        </dd>
        {nfse.canceledAt && (
          <>
            <dt>{nfse.status === 'substituted' ? 'Substituída em' : 'Cancelada em'}</dt>
            <dd>
              {formatDateTime(nfse.canceledAt)}: {nfse.cancelReason}
            </dd>
          </>
        )}
      </dl>
      <NfseValues nfse={nfse} />
      {nfse.status === 'processing' && (
        <p className="small text-body-secondary">
          Aguardando a resposta do sistema nacional
          {nfse.lastError ? ` (nova tentativa em breve: ${nfse.lastError})` : '…'}
        </p>
      )}
      {nfse.errors.length > 0 && <Refusal errors={nfse.errors} what="a DPS" />}
      {nfse.substitutionErrors.length > 0 && <Refusal errors={nfse.substitutionErrors} what="a substituição" />}
      <div className="d-flex flex-wrap gap-2 mb-2">
        <Button size="sm" variant="outline-secondary" onClick={() => get('dps.xml')}>
          XML da DPS
        </Button>
        {nfse.hasNfseXml && (
          <Button size="sm" variant="outline-primary" onClick={() => get('danfse.pdf')}>
            DANFSe (PDF)
          </Button>
        )}
        {nfse.hasNfseXml && (
          <Button size="sm" variant="outline-secondary" onClick={() => get('nfse.xml')}>
            XML da NFS-e
          </Button>
        )}
        {nfse.hasCancelXml && (
          <Button size="sm" variant="outline-secondary" onClick={() => get('cancel.xml')}>
            {nfse.status === 'substituted' ? 'XML do evento' : 'XML do cancelamento'}
          </Button>
        )}
      </div>
    </>
  );
}

function Refusal({ errors, what }: { errors: Nfse['errors']; what: string }) {
  return (
    <Alert variant="danger" className="small" data-testid="nfse-errors">
      <p className="fw-semibold mb-1">O sistema nacional recusou {what}:</p>
      <ul className="mb-0 ps-3">
        {errors.map((e) => (
          <li key={`${e.code}-${e.message}`}>
            <span className="font-monospace">{e.code}</span> {e.message}
          </li>
        ))}
      </ul>
      <p className="mb-0 mt-1">Corrija os dados e envie novamente.</p>
    </Alert>
  );
}
