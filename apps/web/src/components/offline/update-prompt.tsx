import { Button } from 'react-bootstrap';
import { applyUpdate, useUpdateWaiting } from '../../lib/pwa.ts';

/**
 * 'Nova versão disponível' once a new version is installed: the page reloads only on 'Atualizar' (a
 * form being filled is never lost to it); otherwise the new version opens next time.
 */
export function UpdatePrompt() {
  const waiting = useUpdateWaiting();
  if (!waiting) return null;
  return (
    <div className="update-prompt alert alert-info d-flex align-items-center gap-2 py-2 px-3 mb-0" role="status">
      <span className="small">Nova versão disponível.</span>
      <Button size="sm" variant="primary" onClick={applyUpdate}>
        Atualizar
      </Button>
    </div>
  );
}
