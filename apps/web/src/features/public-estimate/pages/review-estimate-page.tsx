import { PageSpinner } from '../../../components/page-spinner.tsx';
import { SummaryList } from '../../../components/summary-list.tsx';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useParams, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { estimateShareMessages, formatQuantityUnit, messages, type PublicEstimate } from '@ordem-certa/contracts';
import { ApiError, toastApiError } from '../../../lib/api-client.ts';
import { formatDate, formatMoney, formatTime } from '../../../lib/format.ts';
import { pngSize } from '../../../lib/png-size.ts';
import { SignaturePad } from '../../../components/signature-pad.tsx';
import { PixCard } from '../../../components/pix-card.tsx';
import { ActionButton } from '../../../components/action-button.tsx';
import { useAnswerEstimate, usePublicEstimate, type EstimateAnswer } from '../api/public-estimate.ts';

/** The notice of a page whose estimate changed after its link was sent. */
export const CHANGED_NOTICE = 'Este orçamento foi atualizado depois do envio. Esta é a versão atual.';

/** A moment as the page states it, in the organization's time zone: "25/11/2026 10:00". */
const dateTime = (value: string, timeZone: string) => `${formatDate(value, timeZone)} ${formatTime(value, timeZone)}`;

/** "Orçamento aprovado por Maria em 25/11/2026 10:00" (without a name: "… recusado em …"). */
export const decisionText = (d: NonNullable<PublicEstimate['decision']>, timeZone: string) =>
  `Orçamento ${d.decision === 'approved' ? 'aprovado' : 'recusado'}${d.name ? ` por ${d.name}` : ''} em ${dateTime(d.decidedAt, timeZone)}`;

/**
 * /estimates/{id}/review?token=... (public, no login): the customer reads the quote the company shared
 * and approves it (their name, a drawn signature if they wish) or declines it (a name and a reason if
 * they wish). Each answer carries the version of the quote the page shows; the server refuses one
 * given to an older version, and then the page loads the current one. Once answered, the answer is
 * shown instead of the actions.
 */
export function ReviewEstimatePage() {
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const query = usePublicEstimate(id, token);

  let body: ReactNode;
  if (query.isPending) {
    body = <PageSpinner />;
  } else if (query.isError) {
    const error = query.error;
    const status = error instanceof ApiError ? error.status : 0;
    const text =
      status === 404
        ? estimateShareMessages.linkInvalid
        : status === 410
          ? (error instanceof ApiError && error.messages?.join(' ')) || estimateShareMessages.linkExpired
          : messages.serverError;
    body = (
      <Alert variant={status === 404 || status === 410 ? 'warning' : 'danger'} className="mt-3">
        {text}
      </Alert>
    );
  } else {
    body = <Review estimate={query.data} token={token} refetch={() => query.refetch()} />;
  }
  return <main className="sign-page">{body}</main>;
}

function Review({ estimate, token, refetch }: { estimate: PublicEstimate; token: string; refetch(): unknown }) {
  // A refusal the server gave to an answer (the estimate changed, was answered or closed meanwhile).
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <header className="mb-3 d-flex align-items-center gap-3">
        {estimate.logo && (
          <img
            src={estimate.logo}
            {...pngSize(estimate.logo)}
            alt={`Logotipo de ${estimate.companyName}`}
            className="rounded bg-white"
            style={{ maxHeight: 56, maxWidth: 120, width: 'auto', height: 'auto', objectFit: 'contain' }}
          />
        )}
        <div style={{ minWidth: 0 }}>
          <div className="small text-body-secondary">{estimate.companyName}</div>
          <h1 className="h4 mb-0">Orçamento nº {estimate.number}</h1>
        </div>
      </header>
      {notice && (
        <Alert variant="warning" role="alert">
          {notice}
        </Alert>
      )}
      {estimate.changedSinceShared && !estimate.decision && <Alert variant="info">{CHANGED_NOTICE}</Alert>}
      {estimate.decision && (
        <Alert
          variant={estimate.decision.decision === 'approved' ? 'success' : 'secondary'}
          data-testid="estimate-decision"
        >
          <div className="fw-semibold">{decisionText(estimate.decision, estimate.timeZone)}</div>
          {estimate.decision.reason && <div className="mt-1">Motivo: {estimate.decision.reason}</div>}
        </Alert>
      )}
      {!estimate.decision && !estimate.canDecide && <Alert variant="secondary">{estimateShareMessages.notOpen}.</Alert>}
      <Quote estimate={estimate} />
      {estimate.pix && <PixCard pix={estimate.pix} title="Entrada por PIX" />}
      {!estimate.decision && estimate.canDecide && (
        <Answer estimate={estimate} token={token} onRefused={setNotice} refetch={refetch} />
      )}
    </>
  );
}

/** What is proposed: the customer, the dates, the equipment, the priced lines and the totals. */
function Quote({ estimate }: { estimate: PublicEstimate }) {
  const priced = (key: number, text: ReactNode, quantity: number, price: number, unit?: string) => (
    <li key={key} className="d-flex justify-content-between gap-2 py-1 border-bottom">
      <span style={{ minWidth: 0 }}>{text}</span>
      <span className="text-nowrap text-end">
        <span className="small text-body-secondary d-block">{`${formatQuantityUnit(quantity, unit)} × ${formatMoney(price)}`}</span>
        {formatMoney(quantity * price)}
      </span>
    </li>
  );
  return (
    <Card className="mb-3">
      <Card.Body>
        <SummaryList
          rows={[
            ['Cliente', estimate.customerName],
            ['Data', formatDate(estimate.createdAt, estimate.timeZone)],
            [
              'Válido até',
              <span key="valid-until" data-testid="valid-until">
                {formatDate(estimate.expiresAt, estimate.timeZone)}
              </span>,
            ],
          ]}
        />
        {estimate.equipments.length > 0 && (
          <section className="mt-3" aria-label="Equipamentos">
            <h2 className="h6 mb-1">Equipamentos</h2>
            <ul className="mb-0 ps-3">
              {estimate.equipments.map((e, n) => (
                <li key={n}>{`${e.name} · ${e.brand} ${e.model} · N/S ${e.serialNumber}`}</li>
              ))}
            </ul>
          </section>
        )}
        {estimate.services.length > 0 && (
          <section className="mt-3" aria-label="Serviços">
            <h2 className="h6 mb-1">Serviços</h2>
            <ul className="list-unstyled mb-0">
              {estimate.services.map((s, n) =>
                priced(
                  n,
                  <>
                    {s.name}
                    {s.description && <span className="small text-body-secondary d-block">{s.description}</span>}
                  </>,
                  s.quantity,
                  s.price,
                ),
              )}
            </ul>
          </section>
        )}
        {estimate.products.length > 0 && (
          <section className="mt-3" aria-label="Produtos">
            <h2 className="h6 mb-1">Produtos</h2>
            <ul className="list-unstyled mb-0">
              {estimate.products.map((p, n) => priced(n, p.name, p.quantity, p.price, p.unit))}
            </ul>
          </section>
        )}
        <dl className="totals-list mt-3 mb-0" aria-label="Valores">
          <div>
            <dt>Subtotal</dt>
            <dd>{formatMoney(estimate.subTotal)}</dd>
          </div>
          {estimate.discount > 0 && (
            <div>
              <dt>Desconto</dt>
              <dd>- {formatMoney(estimate.discount)}</dd>
            </div>
          )}
          <div className="totals-total">
            <dt>Total</dt>
            <dd data-testid="estimate-total">{formatMoney(estimate.total)}</dd>
          </div>
        </dl>
      </Card.Body>
    </Card>
  );
}

type FieldErrors = { name?: string; signature?: string; reason?: string };

/**
 * The answer: one name for both (required to approve), the optional drawing and 'Aprovar' on the pad,
 * and 'Recusar', which opens the reason before the refusal is sent.
 */
function Answer({
  estimate,
  token,
  onRefused,
  refetch,
}: {
  estimate: PublicEstimate;
  token: string;
  onRefused(message: string | null): void;
  refetch(): unknown;
}) {
  const answer = useAnswerEstimate(estimate.id, token);
  const nameId = useId();
  const reasonId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const [declining, setDeclining] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const send = async (request: EstimateAnswer) => {
    setErrors({});
    try {
      await answer.mutateAsync(request);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && err.fieldErrors) {
        const f = err.fieldErrors;
        const join = (list?: string[]) => (list?.length ? list.join('. ') : undefined);
        setErrors({ name: join(f.name), signature: join(f.signature), reason: join(f.reason) });
        if (f.contentHash) toast.error(join(f.contentHash));
        return;
      }
      if (err instanceof ApiError && [404, 409, 410].includes(err.status)) {
        // The link was revoked or expired, the estimate was answered, closed or changed meanwhile: the
        // page shows what the server has now, with the server's reason.
        onRefused(err.messages?.join(' ') ?? null);
        await refetch();
        return;
      }
      toastApiError(err, messages.requestFailed);
      return;
    }
    onRefused(null);
    toast.success(request.decision === 'approve' ? 'Orçamento aprovado' : 'Orçamento recusado');
  };

  const approve = async (signature?: string) => {
    const trimmed = name.trim();
    if (trimmed.length < 2) {
      setErrors({ name: estimateShareMessages.nameRequired });
      nameRef.current?.focus();
      return;
    }
    await send({
      decision: 'approve',
      body: { name: trimmed, contentHash: estimate.contentHash, ...(signature ? { signature } : {}) },
    });
  };
  const decline = () =>
    send({
      decision: 'decline',
      body: {
        contentHash: estimate.contentHash,
        ...(name.trim() ? { name: name.trim() } : {}),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      },
    });

  return (
    <Card as="section" className="mb-3" aria-labelledby={`${nameId}-title`}>
      <Card.Body>
        <h2 className="h5" id={`${nameId}-title`}>
          Sua resposta
        </h2>
        <Form.Group className="mb-3" controlId={nameId}>
          <Form.Label>Seu nome</Form.Label>
          <Form.Control
            ref={nameRef}
            value={name}
            autoComplete="name"
            isInvalid={!!errors.name}
            aria-describedby={`${nameId}-hint`}
            onChange={(e) => {
              setName(e.target.value);
              if (e.target.value.trim().length >= 2) setErrors((x) => ({ ...x, name: undefined }));
            }}
          />
          <Form.Text id={`${nameId}-hint`}>Obrigatório para aprovar.</Form.Text>
          <Form.Control.Feedback type="invalid">{errors.name}</Form.Control.Feedback>
        </Form.Group>
        {declining ? (
          <>
            <Form.Group className="mb-3" controlId={reasonId}>
              <Form.Label>Motivo</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                maxLength={1000}
                value={reason}
                isInvalid={!!errors.reason}
                onChange={(e) => setReason(e.target.value)}
              />
              <Form.Control.Feedback type="invalid">{errors.reason}</Form.Control.Feedback>
            </Form.Group>
            <div className="d-flex flex-wrap gap-2">
              <ActionButton variant="danger" action={decline}>
                Recusar
              </ActionButton>
              <Button variant="outline-secondary" onClick={() => setDeclining(false)}>
                Voltar
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className="small text-body-secondary mb-1">
              Se quiser, assine no quadro abaixo com o dedo ou a caneta (opcional).
            </p>
            <SignaturePad
              onSave={(signature) => approve(signature)}
              onSaveEmpty={() => approve()}
              fitViewport
              saveLabel="Aprovar"
              clearLabel="Limpar assinatura"
            />
            {errors.signature && (
              <div className="invalid-feedback d-block" role="alert">
                {errors.signature}
              </div>
            )}
            <hr />
            <p className="small text-body-secondary mb-2">Não quer seguir com este orçamento?</p>
            <Button variant="outline-danger" onClick={() => setDeclining(true)}>
              Recusar
            </Button>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
