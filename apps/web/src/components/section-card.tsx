import { useId, type ReactNode } from 'react';
import { Button, Card } from 'react-bootstrap';

/**
 * A titled block of an order's or an estimate's screen (a region named by its title), with its action (e.g. 'Adicionar')
 * to the right of the title.
 */
export function SectionCard({
  title,
  action,
  children,
  className,
}: {
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <Card as="section" className={`invoice-section ${className ?? ''}`} aria-labelledby={titleId}>
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

/** The '+ Adicionar' of a section's header, named for what it adds (the accessible name). */
export function AddButton({ label, onClick, children }: { label: string; onClick(): void; children?: ReactNode }) {
  return (
    <Button size="sm" variant="outline-primary" className="add-line-button" onClick={onClick} aria-label={label}>
      {children ?? '+ Adicionar'}
    </Button>
  );
}
