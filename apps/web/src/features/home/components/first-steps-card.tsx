import { Button, Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { firstStepLabels, type FirstStep, type FirstSteps } from '@ordem-certa/contracts';
import { useDismissFirstSteps, useFirstSteps } from '../api/first-steps.ts';

/** Where each step is done. */
function linkOf(step: FirstStep, companyId: number | null) {
  const company = (tab: string) => (companyId ? `/companies/${companyId}/edit?tab=${tab}` : '/companies/new');
  switch (step) {
    case 'company':
      return company('logotipo');
    case 'pix':
      return company('pix');
    case 'customer':
      return '/customers/new';
    case 'estimate':
      return '/estimates/new';
    case 'technician':
      return '/admin/users/new';
  }
}

/**
 * 'Primeiros passos': what a new shop still has to do, as the server reads it from the data, each a
 * link to where it is done; gone when all are done or it is dismissed.
 */
export function FirstStepsCard() {
  const steps = useFirstSteps(true);
  const dismiss = useDismissFirstSteps();
  const data: FirstSteps | undefined = steps.data;
  if (!data?.show) return null;
  const left = data.steps.filter((s) => !s.done).length;
  return (
    <Card className="mb-3 shadow-sm" data-testid="first-steps">
      <Card.Body>
        <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
          <h2 className="h5 mb-0">Primeiros passos</h2>
          <span className="small text-body-secondary">{left === 1 ? 'Falta 1 passo' : `Faltam ${left} passos`}</span>
        </div>
        <ul className="list-unstyled mb-2 first-steps">
          {data.steps.map((s) => (
            <li key={s.key} className="py-1">
              <span aria-hidden className={`me-2 ${s.done ? 'text-success' : 'text-body-tertiary'}`}>
                {s.done ? '✓' : '○'}
              </span>
              {s.done ? (
                <span className="text-body-secondary text-decoration-line-through">
                  {firstStepLabels[s.key]}
                  <span className="visually-hidden"> (feito)</span>
                </span>
              ) : (
                <Link to={linkOf(s.key, data.companyId)}>{firstStepLabels[s.key]}</Link>
              )}
            </li>
          ))}
        </ul>
        <Button variant="link" size="sm" className="px-0" disabled={dismiss.isPending} onClick={() => dismiss.mutate()}>
          Dispensar esta lista
        </Button>
      </Card.Body>
    </Card>
  );
}
