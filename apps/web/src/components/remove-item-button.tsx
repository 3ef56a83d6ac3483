import type { ReactNode } from 'react';

/** A small remove control over an item (a photo, a tag): named for what it removes, 'Remover' as its tooltip. */
export function RemoveItemButton({
  what,
  className,
  onClick,
  children,
}: {
  /** 'foto frente.jpg', 'etiqueta Urgente': the button is 'Remover …' to a screen reader. */
  what: string;
  className: string;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={className} aria-label={`Remover ${what}`} title="Remover" onClick={onClick}>
      {children}
    </button>
  );
}
