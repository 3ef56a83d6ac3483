import type { ReactNode } from 'react';
import { Button, Card, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { messages } from '@ordem-certa/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { PRODUCT_NAME } from '../../../lib/product.ts';

/** The wide submit button of these forms, with a spinner while the request runs. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" className="w-100" size="lg" disabled={pending}>
      {pending && <Spinner size="sm" className="me-2" aria-hidden />}
      {children}
    </Button>
  );
}

/** Under the button: the server's words for a refusal, else the generic pt-BR text. */
export function SubmitError({ error }: { error: unknown }) {
  return (
    <div role="alert" className="text-danger text-center mt-3">
      {(error instanceof ApiError && error.messages?.[0]) || messages.loginOther}
    </div>
  );
}

/** The way back to the login page. */
export const BackToLogin = () => (
  <p className="text-center mt-3 mb-0">
    <Link to="/login">Voltar para o login</Link>
  </p>
);

/** The centred card of the pages used without a session: login, forgotten password, new password. */
export function AuthCard({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <main className="login-page d-flex align-items-center justify-content-center min-vh-100 p-3">
      <Card className="shadow-sm w-100" style={{ maxWidth: 400 }}>
        <Card.Body className="p-4">
          <h1 className="h3 text-center mb-1 brand-title">{PRODUCT_NAME}</h1>
          <p className="text-center text-body-secondary mb-4">{subtitle}</p>
          {children}
        </Card.Body>
      </Card>
    </main>
  );
}
