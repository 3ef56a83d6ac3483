import { useId, type ReactNode } from 'react';
import { Button, Card } from 'react-bootstrap';

/** A titled block of the estimate screen, with its action to the right of the title. */
export function Section({ title, action, children }: { title: ReactNode; action?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card as="section" className="invoice-section" aria-labelledby={titleId}>
      <Card.Header className="d-flex align-items-center justify-content-between gap-2 bg-white">
        <h2 className="h6 mb-0" id={titleId}>
          {title}
        </h2>
        {action}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}

export function AddButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Button size="sm" variant="outline-primary" onClick={onClick} aria-label={label}>
      + Adicionar
    </Button>
  );
}
