import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from 'react-bootstrap';
import { monthNames, pad } from './date-text.ts';
import { todayIso } from '../lib/time-zone.ts';

const weekDays = ['D', 'S', 'T', 'Q', 'Q', 'S', 'S'];
const weekDayNames = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'];

const isoOf = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m + 1)}-${pad(d)}`;
/** The ISO date `days` after `iso` (negative: before). */
function addDays(iso: string, days: number) {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return isoOf(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
}
function addMonths(iso: string, months: number) {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return isoOf(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last));
}

interface CalendarProps {
  selected: string | null;
  min?: string;
  max?: string;
  onPick(iso: string): void;
  onClose(): void;
}

/** A month of buttons: arrows move a day or a week, Page Up/Down a month, Enter picks, Esc closes. */
export function Calendar({ selected, min, max, onPick, onClose }: CalendarProps) {
  const [focused, setFocused] = useState(() => selected ?? todayIso());
  const grid = useRef<HTMLDivElement>(null);
  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);
  const [y, m] = focused.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1));
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells: Array<string | null> = [
    ...Array<null>(first.getUTCDay()).fill(null),
    ...Array.from({ length: daysInMonth }, (_, i) => isoOf(y, m - 1, i + 1)),
  ];
  const outside = (iso: string) => (!!min && iso < min) || (!!max && iso > max);
  const today = todayIso();
  const onKey = (e: KeyboardEvent) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => addMonths(focused, -1),
      PageDown: () => addMonths(focused, 1),
      Home: () => addDays(focused, -(Number(focused.slice(8)) - 1)),
      End: () => isoOf(y, m - 1, daysInMonth),
    };
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (moves[e.key]) {
      e.preventDefault();
      setFocused(moves[e.key]!());
    }
  };
  return (
    <div className="date-calendar" onKeyDown={onKey}>
      <div className="d-flex align-items-center justify-content-between mb-2">
        <Button
          size="sm"
          variant="outline-secondary"
          aria-label="Mês anterior"
          onClick={() => setFocused(addMonths(focused, -1))}
        >
          ‹
        </Button>
        <div className="fw-semibold text-capitalize" aria-live="polite">
          {monthNames[m - 1]} de {y}
        </div>
        <Button
          size="sm"
          variant="outline-secondary"
          aria-label="Próximo mês"
          onClick={() => setFocused(addMonths(focused, 1))}
        >
          ›
        </Button>
      </div>
      <div className="date-calendar-grid" ref={grid} role="group" aria-label={`${monthNames[m - 1]} de ${y}`}>
        {weekDays.map((d, i) => (
          <abbr key={i} title={weekDayNames[i]} className="date-calendar-weekday">
            {d}
          </abbr>
        ))}
        {cells.map((iso, i) =>
          iso ? (
            <button
              key={iso}
              type="button"
              data-date={iso}
              tabIndex={iso === focused ? 0 : -1}
              disabled={outside(iso)}
              aria-pressed={iso === selected}
              aria-current={iso === today ? 'date' : undefined}
              aria-label={`${Number(iso.slice(8))} de ${monthNames[m - 1]} de ${y}`}
              className={`date-calendar-day btn btn-sm ${
                iso === selected ? 'btn-primary' : iso === today ? 'btn-outline-primary' : 'btn-light'
              }`}
              onClick={() => onPick(iso)}
            >
              {Number(iso.slice(8))}
            </button>
          ) : (
            <span key={`empty-${i}`} />
          ),
        )}
      </div>
    </div>
  );
}
