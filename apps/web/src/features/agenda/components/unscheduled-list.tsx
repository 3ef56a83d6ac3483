import { useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useUnscheduled } from '../api/agenda.ts';
import { startDrag } from './drag.ts';

const TAKE = 20;

/** Open orders without a visit yet: drag one onto a technician and a time. */
export function UnscheduledList() {
  const [q, setQ] = useState('');
  const [skip, setSkip] = useState(0);
  const list = useUnscheduled(q, skip);
  const total = list.data?.meta.total ?? 0;
  return (
    <Card className="agenda-side">
      <Card.Header className="fw-semibold">Sem agendamento{list.data ? ` (${total})` : ''}</Card.Header>
      <Card.Body className="p-2">
        <SearchBox
          value={q}
          onChange={(next) => {
            setQ(next);
            setSkip(0);
          }}
          placeholder="Nº da OS ou cliente"
        />
        <QueryState isPending={list.isPending} error={list.error}>
          <div className="d-grid gap-1 mt-2" data-testid="agenda-unscheduled">
            {list.data?.data.map((o) => (
              <Link
                key={o.invoiceId}
                to={`/invoices/${o.invoiceId}/edit`}
                draggable
                onDragStart={(e) =>
                  startDrag(e, {
                    invoiceId: o.invoiceId,
                    fromWorker: null,
                    durationMinutes: 60,
                    minutes: null,
                  })
                }
                className="agenda-visit d-block text-decoration-none rounded border px-2 py-1 small"
                data-testid={`agenda-unscheduled-${o.invoiceId}`}
              >
                <span className="fw-semibold">OS {o.number}</span> · {o.statusLabel}
                <span className="d-block text-truncate">{o.customerName}</span>
                {o.workers.length > 0 && (
                  <span className="d-block text-truncate text-body-secondary">
                    {o.workers.map((w) => w.name).join(', ')}
                  </span>
                )}
              </Link>
            ))}
            {list.data && total === 0 && (
              <p className="text-body-secondary small mb-0">Todas as ordens abertas têm visita agendada.</p>
            )}
          </div>
          {total > TAKE && (
            <div className="d-flex justify-content-between align-items-center mt-2 small">
              <Button size="sm" variant="outline-secondary" disabled={skip === 0} onClick={() => setSkip(skip - TAKE)}>
                Anteriores
              </Button>
              <span>
                {skip + 1}–{Math.min(skip + TAKE, total)} de {total}
              </span>
              <Button
                size="sm"
                variant="outline-secondary"
                disabled={skip + TAKE >= total}
                onClick={() => setSkip(skip + TAKE)}
              >
                Próximas
              </Button>
            </div>
          )}
        </QueryState>
      </Card.Body>
    </Card>
  );
}
