import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Card, Spinner } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@ordem-certa/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { meQueryKey, useAuth } from '../../../lib/auth.tsx';
import { PRODUCT_NAME } from '../../../lib/product.ts';
import { useVerifyEmail } from '../api/signup.ts';

/** /confirmar-email?token=…: the link of the e-mail sent at sign-up; it works with or without a session. */
export function ConfirmEmailPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const verify = useVerifyEmail();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    verify.mutate(
      { token },
      // A signed-in tab shows the change at once: the banner goes.
      { onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }) },
    );
  }, [token, verify, queryClient]);

  const failure =
    verify.error instanceof ApiError ? (verify.error.messages?.[0] ?? messages.requestFailed) : messages.requestFailed;
  return (
    <main className="login-page d-flex align-items-center justify-content-center min-vh-100 p-3">
      <Card className="shadow-sm w-100" style={{ maxWidth: 400 }}>
        <Card.Body className="p-4">
          <h1 className="h3 text-center mb-4 brand-title">{PRODUCT_NAME}</h1>
          {verify.isSuccess && (
            <Alert variant="success" data-testid="email-confirmed">
              {verify.data.message}
            </Alert>
          )}
          {verify.isError && (
            <Alert variant="warning" data-testid="email-confirm-failed">
              {failure}
            </Alert>
          )}
          {(verify.isPending || verify.isIdle) && (
            <p className="text-center" role="status">
              <Spinner size="sm" className="me-2" aria-hidden />
              Confirmando o e-mail…
            </p>
          )}
          <p className="text-center mt-3 mb-0">
            <Link to={user ? '/' : '/login'}>{user ? 'Ir para o início' : 'Entrar'}</Link>
          </p>
        </Card.Body>
      </Card>
    </main>
  );
}
