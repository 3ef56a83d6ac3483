import { Form, Pagination } from 'react-bootstrap';
import type { ListMeta } from '@ordem-certa/contracts';

const PAGE_SIZES = [10, 25, 50, 100];

interface PaginationBarProps {
  meta: ListMeta | undefined;
  onChange(next: { skip: number; take: number }): void;
}

/** Real pagination from the server's {total, skip, take}. */
export function PaginationBar({ meta, onChange }: PaginationBarProps) {
  if (!meta) return null;
  const { total, skip, take } = meta;
  const pages = Math.max(1, Math.ceil(total / take));
  const page = Math.floor(skip / take) + 1;
  const go = (p: number) => onChange({ skip: (Math.min(Math.max(p, 1), pages) - 1) * take, take });
  const from = total === 0 ? 0 : skip + 1;
  const to = Math.min(skip + take, total);
  // A short window of pages around the current one.
  const windowPages: number[] = [];
  for (let p = Math.max(1, page - 2); p <= Math.min(pages, page + 2); p++) windowPages.push(p);

  return (
    <nav
      className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-2"
      aria-label="Paginação"
      data-testid="pagination"
    >
      <div className="text-body-secondary small">
        {from}–{to} de {total.toLocaleString('pt-BR')} {total === 1 ? 'registro' : 'registros'}
      </div>
      <div className="d-flex align-items-center gap-2">
        <Form.Select
          size="sm"
          aria-label="Registros por página"
          value={take}
          style={{ width: 'auto' }}
          onChange={(e) => onChange({ skip: 0, take: Number(e.target.value) })}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n} por página
            </option>
          ))}
        </Form.Select>
        <Pagination size="sm" className="mb-0">
          <Pagination.Item disabled={page <= 1} onClick={() => go(page - 1)} aria-label="Página anterior">
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">Anterior</span>
          </Pagination.Item>
          {windowPages[0]! > 1 && <Pagination.Item onClick={() => go(1)}>1</Pagination.Item>}
          {windowPages[0]! > 2 && <Pagination.Ellipsis disabled />}
          {windowPages.map((p) => (
            <Pagination.Item key={p} active={p === page} onClick={() => go(p)}>
              {p}
            </Pagination.Item>
          ))}
          {windowPages[windowPages.length - 1]! < pages - 1 && <Pagination.Ellipsis disabled />}
          {windowPages[windowPages.length - 1]! < pages && (
            <Pagination.Item onClick={() => go(pages)}>{pages}</Pagination.Item>
          )}
          <Pagination.Item disabled={page >= pages} onClick={() => go(page + 1)} aria-label="Próxima página">
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">Próxima</span>
          </Pagination.Item>
        </Pagination>
      </div>
    </nav>
  );
}
