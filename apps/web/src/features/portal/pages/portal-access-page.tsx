import { useEffect, useRef, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messages, portalMessages } from '@ordem-certa/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { PortalFrame } from '../components/portal-frame.tsx';
import { openSession } from '../api/open-session.ts';
import { signInPath } from '../api/portal-client.ts';

/**
 * /portal/acesso?token=… (public): the e-mailed link. Its token is spent for a session kept by this
 * browser, and the customer lands on their page; a used or late link says to ask for another.
 */
export function PortalAccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [error, setError] = useState<string | null>(null);
  // The link works once: a second effect run (React's strict mode) must not spend it again.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    openSession(token)
      .then(() => navigate('/portal', { replace: true }))
      .catch((err: unknown) =>
        setError(
          err instanceof ApiError && (err.status === 410 || err.status === 422)
            ? portalMessages.linkInvalid
            : messages.serverError,
        ),
      );
  }, [token, navigate]);
  if (!error) return <PageSpinner />;
  return (
    <PortalFrame brand={undefined}>
      <Alert variant="warning">{error}</Alert>
      <Link to={signInPath()}>Pedir um novo link</Link>
    </PortalFrame>
  );
}
