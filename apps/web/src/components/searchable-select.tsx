import { useEffect, useId, useRef, useState } from 'react';
import { Form, Spinner } from 'react-bootstrap';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebounced } from '../lib/use-debounced.ts';

export interface Option {
  value: number;
  label: string;
  hint?: string;
  /** A product's unit ('kg'…), for the quantity field beside the picker. */
  unit?: string;
}

interface SearchableSelectProps {
  /** Distinguishes the cache of different selects (e.g. ['customers']). */
  queryKey: readonly unknown[];
  /** Searches the server for q (as the user types, debounced). */
  loadOptions(q: string): Promise<Option[]>;
  value: Option | null;
  onChange(option: Option | null): void;
  placeholder?: string;
  isInvalid?: boolean;
  disabled?: boolean;
  id?: string;
  onBlur?(): void;
  'aria-label'?: string;
  /**
   * The open list takes its room in the page, pushing what follows down, instead of floating over
   * it: in a modal, the fields and buttons under the picker stay visible and reachable.
   */
  inline?: boolean;
  /**
   * The list closed (Tab, a click elsewhere) with text typed and nothing picked: the text, for a
   * field that keeps it as typed (the address's city). Without it, unpicked text is dropped.
   */
  onTypedLeave?(text: string): void;
}

/** A dropdown that searches the server as the user types; its list is at most 200 px high. */
export function SearchableSelect(props: SearchableSelectProps) {
  const { value, onChange, placeholder = 'Selecione...', isInvalid, disabled } = props;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebounced(text, 250);
  const listId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const { data = [], isFetching } = useQuery({
    queryKey: [...props.queryKey, 'options', q],
    queryFn: () => props.loadOptions(q),
    enabled: open,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  /** `keepText`: the user left the list (not Esc, not a pick) and what they typed may be kept. */
  const close = (keepText = false) => {
    if (keepText && text.trim()) props.onTypedLeave?.(text.trim());
    setOpen(false);
    setText('');
    props.onBlur?.();
  };

  useEffect(() => {
    if (!open) return;
    // On click, not mousedown: an inline list that closed at mousedown moved the button under the
    // pointer (a modal's 'Salvar') before the mouse was released, and the click was lost.
    const onClick = (e: MouseEvent) => {
      if (!boxRef.current?.contains(e.target as Node)) close(true);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  });

  const pick = (opt: Option) => {
    onChange(opt);
    close();
  };

  return (
    <div className="searchable-select position-relative" ref={boxRef}>
      <Form.Control
        id={props.id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={props['aria-label']}
        aria-autocomplete="list"
        autoComplete="off"
        disabled={disabled}
        isInvalid={isInvalid}
        placeholder={value ? value.label : placeholder}
        className={value && !open ? 'has-value' : undefined}
        value={open ? text : (value?.label ?? '')}
        onFocus={() => {
          setOpen(true);
          setActive(0);
        }}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => Math.min(a + 1, data.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Enter' && open) {
            e.preventDefault();
            const opt = data[active];
            if (opt) pick(opt);
          } else if (e.key === 'Escape') {
            // Esc closes the open list first; the modal around it stays (a second Esc closes that).
            if (open) {
              e.preventDefault();
              e.stopPropagation();
            }
            close();
          } else if (e.key === 'Tab') {
            close(true);
          }
        }}
      />
      {value && !disabled && !open && (
        <button
          type="button"
          className="btn-close searchable-select-clear"
          aria-label="Limpar seleção"
          onClick={() => onChange(null)}
        />
      )}
      {open && (
        <ul
          id={listId}
          role="listbox"
          className={`searchable-select-list list-group w-100 ${props.inline ? 'mt-1' : 'position-absolute shadow-sm'}`}
          style={{ maxHeight: 200, overflowY: 'auto', zIndex: 1060 }}
        >
          {isFetching && data.length === 0 && (
            <li className="list-group-item text-body-secondary">
              <Spinner size="sm" className="me-2" />
              Buscando...
            </li>
          )}
          {!isFetching && data.length === 0 && (
            <li className="list-group-item text-body-secondary">Nenhum resultado encontrado</li>
          )}
          {data.map((opt, i) => (
            <li
              key={opt.value}
              role="option"
              aria-selected={value?.value === opt.value}
              className={`list-group-item list-group-item-action ${i === active ? 'active' : ''}`}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(opt);
              }}
              onMouseEnter={() => setActive(i)}
            >
              {opt.label}
              {opt.hint && <small className="d-block opacity-75">{opt.hint}</small>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
