import { Alert, Button, Spinner } from 'react-bootstrap';
import { can } from '@ordem-certa/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth, useMe } from '../../../lib/auth.tsx';
import { useResendVerification } from '../api/signup.ts';

/**
 * 'Confirme seu e-mail': above every screen of an organization made by sign-up until its owner
 * confirms the e-mail, for who manages the organization; a new link goes to the one who asks.
 */
export function VerifyEmailBanner() {
  const me = useMe();
  const { viewer } = useAuth();
  const resend = useResendVerification();
  if (me.data?.organization.verified !== false || !can(viewer, 'organization.manage')) return null;
  const answer = resend.isSuccess
    ? resend.data.message
    : resend.error instanceof ApiError
      ? resend.error.messages?.[0]
      : undefined;
  return (
    <Alert
      variant="warning"
      className="verify-email-banner d-flex flex-wrap flex-md-nowrap align-items-center gap-2 py-2"
      data-testid="verify-email-banner"
    >
      <div className="flex-grow-1">
        <strong>Confirme seu e-mail.</strong> Enviamos um link para {me.data.email}. Até a confirmação, nada é enviado
        aos seus clientes.
        {answer && (
          <div className="small mt-1" role="status">
            {answer}
          </div>
        )}
      </div>
      <Button size="sm" variant="outline-dark" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending && <Spinner size="sm" className="me-1" aria-hidden />}
        Reenviar link
      </Button>
    </Alert>
  );
}
