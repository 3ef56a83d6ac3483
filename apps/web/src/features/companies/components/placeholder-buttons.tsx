import type { ReactNode } from 'react';
import { Button, ButtonGroup } from 'react-bootstrap';

/**
 * Puts a template placeholder where the caret is in a field (at the end when it has none), through
 * the form's setter, then puts the caret back right after it.
 */
export function insertAtCaret(
  field: HTMLInputElement | HTMLTextAreaElement | null,
  current: string,
  token: string,
  set: (value: string) => void,
) {
  const start = field?.selectionStart ?? current.length;
  const end = field?.selectionEnd ?? current.length;
  set(current.slice(0, start) + token + current.slice(end));
  requestAnimationFrame(() => {
    field?.focus();
    field?.setSelectionRange(start + token.length, start + token.length);
  });
}

/** 'Inserir:' and a button per placeholder of a template; `children` goes at the end of the row. */
export function PlaceholderButtons({
  placeholders,
  onInsert,
  children,
}: {
  placeholders: Record<string, { token: string; label: string }>;
  onInsert(token: string): void;
  children?: ReactNode;
}) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
      <span className="small text-body-secondary">Inserir:</span>
      <ButtonGroup size="sm">
        {Object.values(placeholders).map((p) => (
          <Button key={p.token} variant="outline-secondary" onClick={() => onInsert(p.token)} title={p.token}>
            {p.label}
          </Button>
        ))}
      </ButtonGroup>
      {children}
    </div>
  );
}
