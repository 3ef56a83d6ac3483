import { useState, type ReactNode } from 'react';
import { Badge, Button, Overlay, Popover } from 'react-bootstrap';

interface FilterPopoverProps<T> {
  value: T;
  /** How many filters are applied (the badge). */
  count: number;
  onApply(value: T): void;
  onClear(): void;
  /** The fields, editing a draft that is applied only on 'Filtrar'. */
  children(draft: T, setDraft: (next: T) => void): ReactNode;
}

/** 'Filtros' button with a badge counting applied filters, and 'Limpar' / 'Filtrar'. */
export function FilterPopover<T>({ value, count, onApply, onClear, children }: FilterPopoverProps<T>) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [show, setShow] = useState(false);
  const [draft, setDraft] = useState<T>(value);
  // The button alone decides what its click does: open when closed (even while the popover is still
  // fading out), close when open. The outside-click close ignores clicks on it (Esc still closes);
  // otherwise a click during the fade would open the popover and close it again at once.
  const toggle = () => {
    if (!show) setDraft(value);
    setShow(!show);
  };
  const hide = (event?: Event) => {
    if (event instanceof MouseEvent && target?.contains(event.target as Node)) return;
    setShow(false);
  };
  return (
    <>
      <Button ref={setTarget} variant="outline-secondary" onClick={toggle} aria-expanded={show}>
        Filtros{' '}
        {count > 0 && (
          <Badge bg="primary" pill data-testid="filter-count">
            {count}
          </Badge>
        )}
      </Button>
      <Overlay target={target} show={show} placement="bottom-end" rootClose onHide={hide}>
        <Popover className="filter-popover shadow">
          <Popover.Body>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                onApply(draft);
                setShow(false);
              }}
            >
              {children(draft, setDraft)}
              <div className="d-flex justify-content-end gap-2 mt-3">
                <Button
                  variant="outline-secondary"
                  onClick={() => {
                    onClear();
                    setShow(false);
                  }}
                >
                  Limpar
                </Button>
                <Button type="submit">Filtrar</Button>
              </div>
            </form>
          </Popover.Body>
        </Popover>
      </Overlay>
    </>
  );
}
