import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';

/**
 * On the login page: what this phone still keeps to send, by whom ('3 envios de Técnico Demo
 * aguardam…'), so someone whose session ended logs in again as the same user and the queue goes out.
 * The outbox's code is loaded only here, after the page paints.
 */
export function PendingLoginNote() {
  const [owners, setOwners] = useState<Array<{ name: string; count: number }>>([]);
  useEffect(() => {
    let live = true;
    void import('../../lib/offline/outbox-runtime.ts')
      .then((m) => m.pendingByOwner())
      .then((byOwner) => live && setOwners([...byOwner.values()]))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!owners.length) return null;
  return (
    <Alert variant="warning" className="py-2 small" data-testid="login-pending">
      {owners.map((o) => (
        <div key={o.name}>
          {o.count === 1 ? '1 envio' : `${o.count} envios`} de <strong>{o.name}</strong>{' '}
          {o.count === 1 ? 'aguarda' : 'aguardam'} neste aparelho. Entre com esse usuário para{' '}
          {o.count === 1 ? 'enviá-lo' : 'enviá-los'}.
        </div>
      ))}
    </Alert>
  );
}
