import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { Controller } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router';
import {
  DETRACTOR_MAX,
  messages,
  PROMOTER_MIN,
  ratingAnswerBody,
  ratingMessages,
  type PublicRating,
  type RatingAnswerBody,
} from '@ordem-certa/contracts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { useContractForm } from '../../../components/use-contract-form.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { useAnswerRating, usePublicRating } from '../api/public-rating.ts';

const SCORES = Array.from({ length: 11 }, (_, n) => n);
/** The score buttons' colours: red for detractors, yellow for passives, green for promoters. */
const tone = (n: number) => (n <= DETRACTOR_MAX ? 'danger' : n >= PROMOTER_MIN ? 'success' : 'warning');

/**
 * /invoices/{id}/rate?token=... (public, no login): the customer rates a completed order from 0 to 10
 * and may say why. A score in the link (?score=7, from the e-mail's buttons) is chosen already but
 * not sent: the customer sends it. Once answered the page thanks them and keeps the answer open to a
 * change until the server's deadline.
 */
export function RateOrderPage() {
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const linkScore = Number.parseInt(params.get('score') ?? '', 10);
  const query = usePublicRating(id, token);

  let body: ReactNode;
  if (query.isPending) body = <PageSpinner />;
  else if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    body = (
      <Alert variant={status === 404 ? 'warning' : 'danger'} className="mt-3">
        {status === 404 ? ratingMessages.linkInvalid : messages.serverError}
      </Alert>
    );
  } else
    body = (
      <Rate
        rating={query.data}
        id={id}
        token={token}
        linkScore={linkScore >= 0 && linkScore <= 10 ? linkScore : null}
      />
    );
  return <main className="sign-page">{body}</main>;
}

function Rate({
  rating,
  id,
  token,
  linkScore,
}: {
  rating: PublicRating;
  id: number;
  token: string;
  linkScore: number | null;
}) {
  const answer = useAnswerRating(id, token);
  const [editing, setEditing] = useState(rating.score === null);
  const form = useContractForm(ratingAnswerBody, {
    defaultValues: { score: rating.score ?? linkScore ?? undefined, comment: rating.comment ?? '' } as RatingAnswerBody,
  });
  const until = rating.editableUntil
    ? `${formatDate(rating.editableUntil, rating.timeZone)} ${formatTime(rating.editableUntil, rating.timeZone)}`
    : null;
  const submit = form.handleSubmit((body) =>
    answer.mutateAsync(body).then(
      () => setEditing(false),
      (err) => applyServerErrors(err, form.setError),
    ),
  );
  const scoreError = form.formState.errors.score?.message;
  return (
    <>
      <header className="mb-3">
        <div className="small text-body-secondary">{rating.companyName}</div>
        <h1 className="h4 mb-0">Avaliação da OS nº {rating.number}</h1>
      </header>
      {rating.score !== null && !editing && (
        <Alert variant="success" data-testid="rating-thanks">
          <div className="fw-semibold">{ratingMessages.thanks}</div>
          <div className="mt-1">
            Sua nota: <strong>{rating.score}</strong>
            {rating.comment && <> — “{rating.comment}”</>}
          </div>
          {rating.canAnswer && until && (
            <div className="mt-2 d-flex flex-wrap align-items-center gap-2">
              <span className="small">Você pode alterá-la até {until}.</span>
              <Button size="sm" variant="outline-secondary" onClick={() => setEditing(true)}>
                Alterar avaliação
              </Button>
            </div>
          )}
        </Alert>
      )}
      {rating.score !== null && !rating.canAnswer && !editing && (
        <p className="small text-body-secondary">{ratingMessages.closed}</p>
      )}
      {editing && rating.canAnswer && (
        <Card>
          <Card.Body>
            <Form noValidate onSubmit={submit}>
              <fieldset className="mb-3">
                <legend className="fs-6 fw-semibold">{ratingMessages.question(rating.companyName)}</legend>
                <Controller
                  control={form.control}
                  name="score"
                  render={({ field }) => (
                    <div className="rating-scores" role="radiogroup" aria-label="Nota de 0 a 10">
                      {SCORES.map((n) => (
                        <Button
                          key={n}
                          type="button"
                          role="radio"
                          aria-checked={field.value === n}
                          variant={
                            field.value === n ? tone(n) : `outline-${tone(n) === 'warning' ? 'secondary' : tone(n)}`
                          }
                          onClick={() => {
                            field.onChange(n);
                            form.clearErrors('score');
                          }}
                        >
                          {n}
                        </Button>
                      ))}
                    </div>
                  )}
                />
                <div className="d-flex justify-content-between small text-body-secondary mt-1">
                  <span>Nada provável</span>
                  <span>Muito provável</span>
                </div>
                {scoreError && (
                  <div className="invalid-feedback d-block" role="alert">
                    {scoreError}
                  </div>
                )}
              </fieldset>
              <Form.Group className="mb-3" controlId="rating-comment">
                <Form.Label>Quer contar o que achou? (opcional)</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={3}
                  maxLength={1000}
                  isInvalid={!!form.formState.errors.comment}
                  {...form.register('comment')}
                />
                <Form.Control.Feedback type="invalid">{form.formState.errors.comment?.message}</Form.Control.Feedback>
              </Form.Group>
              <Button type="submit" disabled={form.formState.isSubmitting} className="w-100">
                {form.formState.isSubmitting && <Spinner size="sm" className="me-2" aria-hidden />}
                Enviar avaliação
              </Button>
            </Form>
          </Card.Body>
        </Card>
      )}
    </>
  );
}
