import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { pendingByOwner } from '../../lib/offline/outbox-owners.ts';

/**
 * On the login page: what this phone still keeps to send, by whom ('3 envios de Técnico Demo
 * aguardam…'), so someone whose session ended logs in again as the same user and the queue goes out.
 * Read straight from the outbox's store after the page paints: the code that sends it is not loaded here.
 */
export function PendingLoginNote() {
  const [owners, setOwners] = useState<Array<{ name: string; count: number }>>([]);
  useEffect(() => {
    let live = true;
    void pendingByOwner()
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
