import { useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import type { Equipment } from '@ordem-certa/contracts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useCustomerEquipments } from '../api/get-customer-parts.ts';

/** More equipment than this and the picker offers a search box. */
const SEARCH_FROM = 10;

/** Its name, brand and model, serial number, and what the PMOC inventory prints: type, capacity, location. */
const describe = (e: Equipment) =>
  [
    `${e.name} — ${[e.brand, e.model].filter(Boolean).join(' ')}`,
    e.serialNumber ? `N/S ${e.serialNumber}` : null,
    e.kind,
    e.capacityBtuh ? `${e.capacityBtuh.toLocaleString('pt-BR')} BTU/h` : null,
    e.location,
  ]
    .filter(Boolean)
    .join(' · ');

interface Props {
  customerId: number;
  value: number[];
  onChange(ids: number[]): void;
  labelledBy: string;
  /** How many come at a time (the server's page; smaller in tests). */
  pageSize?: number;
}

/**
 * The customer's equipment to tick for a plan. A building may have hundreds of units: they come a page
 * at a time ('Carregar mais'), a search narrows them, and ticked ones stay ticked while searching.
 */
export function EquipmentPicker({ customerId, value, onChange, labelledBy, pageSize }: Props) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 250);
  const list = useCustomerEquipments(customerId, q, pageSize);
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages[0]?.meta.total ?? 0;
  const searchable = q !== '' || total > SEARCH_FROM;

  if (list.isPending) return <p className="text-body-secondary small mb-0">Carregando equipamentos…</p>;
  if (!searchable && items.length === 0) {
    return (
      <p className="text-body-secondary small mb-0">
        Este cliente não tem equipamentos cadastrados (Clientes → Equipamentos).
      </p>
    );
  }
  const shownIds = items.map((e) => e.id);
  const allShownTicked = shownIds.length > 0 && shownIds.every((id) => value.includes(id));
  return (
    <div className="plan-equipments border rounded p-2" role="group" aria-labelledby={labelledBy}>
      {searchable && (
        <Form.Control
          type="search"
          size="sm"
          className="mb-2"
          placeholder="Pesquisar por nome, marca, modelo ou N/S"
          aria-label="Pesquisar equipamentos"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      )}
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 small text-body-secondary mb-1">
        <span aria-live="polite">
          {value.length} {value.length === 1 ? 'selecionado' : 'selecionados'}
          {q ? ` · ${total} encontrados` : ` de ${total}`}
        </span>
        {items.length > 1 && (
          <Button
            variant="link"
            size="sm"
            className="p-0"
            onClick={() =>
              onChange(
                allShownTicked
                  ? value.filter((id) => !shownIds.includes(id))
                  : [...value, ...shownIds.filter((id) => !value.includes(id))],
              )
            }
          >
            {allShownTicked ? 'Desmarcar os listados' : 'Marcar os listados'}
          </Button>
        )}
      </div>
      {items.length === 0 && <p className="small text-body-secondary mb-0">Nenhum equipamento encontrado.</p>}
      {items.map((e) => (
        <Form.Check
          key={e.id}
          id={`plan-equipment-${e.id}`}
          label={describe(e)}
          checked={value.includes(e.id)}
          onChange={(ev) => onChange(ev.target.checked ? [...value, e.id] : value.filter((id) => id !== e.id))}
        />
      ))}
      {list.hasNextPage && (
        <Button
          variant="outline-secondary"
          size="sm"
          className="mt-2"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage && <Spinner size="sm" className="me-1" aria-hidden />}
          Carregar mais ({total - items.length} restantes)
        </Button>
      )}
    </div>
  );
}
