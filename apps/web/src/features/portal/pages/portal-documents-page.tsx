import { Button, Card } from 'react-bootstrap';
import type { PortalNfse, PortalPmocPlan } from '@ordem-certa/contracts';
import { toastApiError } from '../../../lib/api-client.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { ListSection } from '../components/list-section.tsx';
import { usePortalList } from '../api/portal-list.ts';
import { nfseQuery } from '../api/get-nfse.ts';
import { pmocQuery } from '../api/get-pmoc.ts';
import { useDownload } from '../api/download.ts';
import { usePortalMe } from '../api/portal-me.ts';

const nfseStatus: Record<string, string> = { issued: 'Emitida', canceled: 'Cancelada', substituted: 'Substituída' };

/** /portal/documentos: the NFS-e (DANFSe and XML) and the PMOC documents by plan and year. */
export function PortalDocumentsPage() {
  const me = usePortalMe();
  // The NFS-e section exists only while the organization has the feature.
  const showNfse = me.data?.sections.nfse === true;
  const nfse = usePortalList<PortalNfse>(nfseQuery(), showNfse);
  const plans = usePortalList<PortalPmocPlan>(pmocQuery());
  const download = useDownload();
  const get = (path: string) =>
    download.mutateAsync(path).catch((err: unknown) => toastApiError(err, 'Não foi possível baixar o arquivo.'));
  return (
    <>
      {showNfse && (
        <ListSection title="Notas fiscais (NFS-e)" query={nfse} empty="Nenhuma nota fiscal.">
          {(n) => (
            <Card key={n.id} className="mb-2">
              <Card.Body>
                <div className="fw-semibold">
                  NFS-e {n.nfseNumber ?? ''} · ordem nº {n.invoiceNumber}
                </div>
                <div className="small text-body-secondary">
                  {nfseStatus[n.status] ?? n.status}
                  {n.issuedAt && ` em ${formatDate(n.issuedAt)}`}
                  {n.amount !== null && ` · ${formatMoney(n.amount)}`}
                </div>
                <div className="d-flex gap-2 mt-2">
                  <Button
                    size="sm"
                    onClick={() => void get(`/portal/nfse/${n.id}/danfse.pdf`)}
                    disabled={download.isPending}
                  >
                    DANFSe (PDF)
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    onClick={() => void get(`/portal/nfse/${n.id}/nfse.xml`)}
                    disabled={download.isPending}
                  >
                    XML
                  </Button>
                </div>
              </Card.Body>
            </Card>
          )}
        </ListSection>
      )}
      <ListSection title="PMOC" query={plans} empty="Nenhum plano de manutenção.">
        {(p) => (
          <Card key={p.id} className="mb-2">
            <Card.Body>
              <div className="fw-semibold">{p.name}</div>
              <div className="d-flex flex-wrap gap-2 mt-2">
                {p.years.map((y) => (
                  <Button
                    key={y}
                    size="sm"
                    variant="outline-primary"
                    onClick={() => void get(`/portal/pmoc/${p.id}/${y}`)}
                    disabled={download.isPending}
                  >
                    PMOC {y}
                  </Button>
                ))}
              </div>
            </Card.Body>
          </Card>
        )}
      </ListSection>
    </>
  );
}
