import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { PRODUCT_NAME } from '../../../lib/product.ts';

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
