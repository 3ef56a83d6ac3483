import { PageSpinner } from '../../../components/page-spinner.tsx';
import { SummaryList } from '../../../components/summary-list.tsx';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import {
  formatIdentifier,
  formatQuantity,
  formatQuantityUnit,
  messages,
  paperworkMessages,
  PersonType,
  type PublicInvoice,
} from '@ordem-certa/contracts';
import { API_BASE, ApiError, newIdempotencyKey, toastApiError } from '../../../lib/api-client.ts';
import { QUEUED_MESSAGE, sendOrQueue } from '../../../lib/offline/outbox-runtime.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { sameOriginPath } from '../../../lib/same-origin.ts';
import { SignaturePad } from '../../../components/signature-pad.tsx';
import { usePublicInvoice } from '../api/get-public-invoice.ts';
import { signPath, useSignInvoice } from '../api/sign-invoice.ts';
import { pngSize } from '../../../lib/png-size.ts';
import { PixCard, PixInstallmentsCard } from '../../../components/pix-card.tsx';

const SIGNED_FLAG = 'invoice-signed';

/**
 * /invoices/{id}/sign?token=... (public, no login): the customer checks what they sign and signs on
 * the phone's glass. Already signed: 'OS assinada' with the signature. After signing, `redirectUrl` is
 * followed only inside this app's origin; otherwise the page reloads and shows 'OS assinada'.
 */
export function SignInvoicePage() {
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const query = usePublicInvoice(id, token);

  useEffect(() => {
    if (sessionStorage.getItem(SIGNED_FLAG) !== String(id)) return;
    sessionStorage.removeItem(SIGNED_FLAG);
    toast.success(paperworkMessages.signed);
  }, [id]);

  let body: ReactNode;
  if (query.isPending) {
    body = <PageSpinner />;
  } else if (query.data === undefined) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    // (A technician's phone shows the page as last saved when the server cannot be reached.)
    body = (
      <Alert variant={notFound ? 'warning' : 'danger'} className="mt-3">
        {notFound ? paperworkMessages.signLinkInvalid : messages.serverError}
      </Alert>
    );
  } else if (query.data.isSigned) {
    body = <Signed invoice={query.data} token={token} />;
  } else if (!query.data.canSign) {
    body = (
      <Alert variant="secondary" className="mt-3">
        {paperworkMessages.canceledCannotBeSigned}.
      </Alert>
    );
  } else {
    body = <SignForm invoice={query.data} token={token} redirectUrl={params.get('redirectUrl')} />;
  }
  return <main className="sign-page">{body}</main>;
}

function Header({ invoice }: { invoice: PublicInvoice }) {
  return (
    <header className="mb-3">
      <div className="small text-body-secondary">{invoice.companyName}</div>
      <h1 className="h4 mb-0">Ordem de Serviço nº {invoice.number}</h1>
    </header>
  );
}

/** The order's NFS-e, once issued: its DANFSe (the printable document) opens in a new tab. */
function NfseLink({ invoice, token }: { invoice: PublicInvoice; token: string }) {
  if (!invoice.nfse) return null;
  const href = `${API_BASE}/public/invoices/${invoice.id}/danfse.pdf?token=${encodeURIComponent(token)}`;
  return (
    <Card className="my-3" data-testid="public-nfse">
      <Card.Body className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span>Nota fiscal de serviço{invoice.nfse.number ? ` nº ${invoice.nfse.number}` : ''}</span>
        <a className="btn btn-outline-primary btn-sm" href={href} target="_blank" rel="noopener">
          DANFSe (PDF)
        </a>
      </Card.Body>
    </Card>
  );
}

function Signed({ invoice, token }: { invoice: PublicInvoice; token: string }) {
  return (
    <>
      <Header invoice={invoice} />
      <Card className="text-center">
        <Card.Body>
          <h2 className="h3 text-success">OS assinada</h2>
          {invoice.signature && (
            <img
              src={invoice.signature}
              {...pngSize(invoice.signature)}
              alt={`Assinatura de ${invoice.signerName ?? invoice.customerName}`}
              className="signature-image border rounded bg-white mx-auto my-3"
            />
          )}
          <div className="fw-semibold">{invoice.customerName}</div>
          <div className="text-body-secondary">
            {formatIdentifier(invoice.customerIdentifier, invoice.customerType)}
          </div>
          <div className="mt-2">
            Assinada em <span data-testid="signed-at">{formatDateTime(invoice.signedAt, invoice.timeZone)}</span>
            {invoice.signerName && invoice.signerName !== invoice.customerName && ` por ${invoice.signerName}`}
          </div>
        </Card.Body>
      </Card>
      {invoice.pix && (
        <div className="mt-3">
          <PixCard pix={invoice.pix} />
        </div>
      )}
      {invoice.pixInstallments?.length ? <PixInstallmentsCard installments={invoice.pixInstallments} /> : null}
      <NfseLink invoice={invoice} token={token} />
    </>
  );
}

/**
 * What is being signed: the customer, the equipment and the work. The signature covers the prices too,
 * so 'Ver valores' opens them (closed at first: the technician is usually the one holding the phone).
 * The link a collaborator is given brings no values at all, and then there is nothing to open.
 */
function Summary({ invoice }: { invoice: PublicInvoice }) {
  const [showValues, setShowValues] = useState(false);
  const valuesId = useId();
  const priced = (text: string, l: { quantity: number; unit?: string; price?: number }): ReactNode =>
    showValues && l.price !== undefined ? (
      <span className="d-flex justify-content-between gap-2">
        <span>{text}</span>
        <span className="text-nowrap text-end">
          <span className="small text-body-secondary d-block">{`${formatQuantityUnit(l.quantity, l.unit)} × ${formatMoney(l.price)}`}</span>
          {formatMoney(l.quantity * l.price)}
        </span>
      </span>
    ) : (
      text
    );
  const sections: Array<[string, ReactNode[]]> = [
    ['Equipamentos', invoice.equipments.map((e) => `${e.name} · ${e.brand} ${e.model} · N/S ${e.serialNumber}`)],
    [
      'Serviços',
      invoice.services.map((s) =>
        priced(`${formatQuantity(s.quantity)} × ${s.name}${s.description ? ` (${s.description})` : ''}`, s),
      ),
    ],
    ['Produtos', invoice.products.map((p) => priced(`${formatQuantityUnit(p.quantity, p.unit)} × ${p.name}`, p))],
  ];
  return (
    <Card className="mb-3">
      <Card.Body>
        <SummaryList
          rows={[
            [
              'Cliente',
              <>
                {invoice.customerName}
                <div className="small text-body-secondary">
                  {formatIdentifier(invoice.customerIdentifier, invoice.customerType)}
                </div>
              </>,
            ],
            ['Aberta em', formatDateTime(invoice.createdAt, invoice.timeZone)],
            ['Situação', invoice.statusLabel],
          ]}
        />
        {sections
          .filter(([, items]) => items.length)
          .map(([title, items]) => (
            <section key={title} className="mt-3" aria-label={title}>
              <h2 className="h6 mb-1">{title}</h2>
              <ul className="mb-0 ps-3">
                {items.map((item, n) => (
                  <li key={n}>{item}</li>
                ))}
              </ul>
            </section>
          ))}
        {invoice.withValues && (
          <>
            <Button
              variant="outline-secondary"
              size="sm"
              className="mt-3"
              aria-expanded={showValues}
              aria-controls={valuesId}
              onClick={() => setShowValues((v) => !v)}
            >
              {showValues ? 'Ocultar valores' : 'Ver valores'}
            </Button>
            <div id={valuesId} hidden={!showValues}>
              {showValues && (
                <dl className="totals-list mt-2 mb-0 border-top" aria-label="Valores">
                  <div>
                    <dt>Subtotal</dt>
                    <dd>{formatMoney(invoice.subTotal ?? 0)}</dd>
                  </div>
                  {(invoice.discount ?? 0) > 0 && (
                    <div>
                      <dt>Desconto</dt>
                      <dd>- {formatMoney(invoice.discount ?? 0)}</dd>
                    </div>
                  )}
                  <div className="totals-total">
                    <dt>Total</dt>
                    <dd data-testid="public-total">{formatMoney(invoice.total ?? 0)}</dd>
                  </div>
                </dl>
              )}
            </div>
          </>
        )}
      </Card.Body>
    </Card>
  );
}

function SignForm({
  invoice,
  token,
  redirectUrl,
}: {
  invoice: PublicInvoice;
  token: string;
  redirectUrl: string | null;
}) {
  const navigate = useNavigate();
  const sign = useSignInvoice(invoice.id, token);
  const nameId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  // An individual usually signs for themself; a company's signer says who they are.
  const [signerName, setSignerName] = useState(invoice.customerType === PersonType.Natural ? invoice.customerName : '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [signatureError, setSignatureError] = useState<string | null>(null);

  const onSave = async (signature: string) => {
    const name = signerName.trim();
    if (name.length < 2) {
      setNameError(paperworkMessages.signerNameRequired);
      nameRef.current?.focus();
      return;
    }
    setSignatureError(null);
    let outcome: 'sent' | 'queued';
    try {
      // A signed-in technician's phone keeps the signature when there is no network; a customer's
      // own phone (no session) sends it or says it could not.
      outcome = await sendOrQueue(
        {
          key: newIdempotencyKey(),
          kind: 'signature',
          invoiceId: invoice.id,
          label: `Assinatura do cliente (OS ${invoice.number})`,
          request: { path: signPath(invoice.id, token), json: { signature, signerName: name }, public: true },
          show: { signerName: name, signature },
          alreadyDone: paperworkMessages.alreadySigned,
        },
        (key) => sign.mutateAsync({ body: { signature, signerName: name }, key }),
      );
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && err.fieldErrors) {
        setNameError(err.fieldErrors.signerName?.join('. ') ?? null);
        setSignatureError(err.fieldErrors.signature?.join('. ') ?? null);
        return;
      }
      toastApiError(err, messages.requestFailed);
      return;
    }
    const path = sameOriginPath(redirectUrl);
    if (outcome === 'queued') {
      toast.info(QUEUED_MESSAGE);
      navigate(path ?? `/invoices/${invoice.id}/edit`);
    } else if (path) {
      toast.success(paperworkMessages.signed);
      navigate(path);
    } else {
      // The reload shows 'OS assinada' from the server; the confirmation survives it.
      sessionStorage.setItem(SIGNED_FLAG, String(invoice.id));
      window.location.reload();
    }
  };

  return (
    <>
      <Header invoice={invoice} />
      {invoice.isOutdated && (
        <Alert variant="info">A ordem de serviço mudou depois da última assinatura. Confira e assine novamente.</Alert>
      )}
      <Summary invoice={invoice} />
      {invoice.pix && <PixCard pix={invoice.pix} />}
      {invoice.pixInstallments?.length ? <PixInstallmentsCard installments={invoice.pixInstallments} /> : null}
      <NfseLink invoice={invoice} token={token} />
      <Form.Group className="mb-3" controlId={nameId}>
        <Form.Label>Nome de quem assina</Form.Label>
        <Form.Control
          ref={nameRef}
          value={signerName}
          autoComplete="name"
          isInvalid={!!nameError}
          onChange={(e) => {
            setSignerName(e.target.value);
            if (e.target.value.trim().length >= 2) setNameError(null);
          }}
          onBlur={() => setNameError(signerName.trim().length < 2 ? paperworkMessages.signerNameRequired : null)}
        />
        <Form.Control.Feedback type="invalid">{nameError}</Form.Control.Feedback>
      </Form.Group>
      <p className="small text-body-secondary mb-1">Assine no quadro abaixo com o dedo ou a caneta.</p>
      {/* Below the summary, above its buttons, sized so both fit the screen and the page still scrolls. */}
      <SignaturePad onSave={onSave} fitViewport saveLabel="Assinar" clearLabel="Limpar" />
      {signatureError && (
        <div className="invalid-feedback d-block" role="alert">
          {signatureError}
        </div>
      )}
    </>
  );
}
