import { useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { toastApiError } from '../../../lib/api-client.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { useDownload } from '../api/download.ts';
import { useForgetMe } from '../api/forget-me.ts';

/** /portal/meus-dados: the customer's data as a ZIP (LGPD), and the request to be forgotten. */
export function PortalMyDataPage() {
  const download = useDownload();
  const forget = useForgetMe();
  const confirm = useConfirm();
  const [reason, setReason] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const onForget = async () => {
    const ok = await confirm({
      title: 'Pedir para ser esquecido?',
      text: 'A empresa vai analisar o pedido e apagar seus dados pessoais. Notas fiscais e registros exigidos por lei são mantidos pelo prazo legal.',
      confirmLabel: 'Enviar pedido',
    });
    if (!ok) return;
    try {
      setAnswer((await forget.mutateAsync({ reason: reason || undefined })).message);
    } catch (err) {
      toastApiError(err, 'Não foi possível enviar o pedido. Tente novamente.');
    }
  };
  return (
    <>
      <Card className="mb-3">
        <Card.Body>
          <h1 className="h5">Meus dados</h1>
          <p>
            Baixe uma cópia dos seus dados pessoais guardados pela empresa: cadastro, endereços, ordens, orçamentos,
            fotos e assinaturas.
          </p>
          <Button
            onClick={() =>
              void download
                .mutateAsync('/portal/my-data/export')
                .catch((err: unknown) => toastApiError(err, 'Não foi possível baixar os dados.'))
            }
            disabled={download.isPending}
          >
            Baixar meus dados
          </Button>
        </Card.Body>
      </Card>
      <Card>
        <Card.Body>
          <h2 className="h5">Ser esquecido</h2>
          {answer ? (
            <Alert variant="success" className="mb-0" role="status">
              {answer}
            </Alert>
          ) : (
            <>
              <Form.Group className="mb-2" controlId="forget-reason">
                <Form.Label>Motivo (opcional)</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={2}
                  maxLength={1000}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
              </Form.Group>
              <Button variant="outline-danger" onClick={() => void onForget()} disabled={forget.isPending}>
                Pedir para ser esquecido
              </Button>
            </>
          )}
        </Card.Body>
      </Card>
    </>
  );
}
