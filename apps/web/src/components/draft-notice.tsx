import { Button } from 'react-bootstrap';
import type { Draft } from '../lib/use-form-draft.ts';

/** "Rascunho restaurado" under a form filled from a draft, with the way to throw the draft away. */
export function DraftNotice({ draft, className = 'small' }: { draft: Draft; className?: string }) {
  if (!draft.restored) return null;
  return (
    <div className={`draft-notice text-body-secondary d-flex align-items-center gap-2 ${className}`} role="status">
      <span>Rascunho restaurado</span>
      <Button variant="link" size="sm" className="p-0 align-baseline" onClick={draft.discard}>
        Descartar rascunho
      </Button>
    </div>
  );
}
