import { useState } from 'react';
import { Badge, Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { SavedDataNotice } from '../../../components/offline/saved-data-notice.tsx';
import { mapHref, telHref, wazeHref } from '../../../lib/contact-links.ts';
import { formatTime } from '../../../lib/format.ts';
import { todayIso } from '../../../lib/time-zone.ts';
import { useDayVisits } from '../api/today-visits.ts';

/**
 * The technician's day: today's visits in time order, each with where to go (Google Maps, Waze),
 * whom to call and the order one tap away.
 */
export function TodayVisits() {
  // The organization's day the screen opened on (a phone left open overnight shows yesterday's until reloaded).
  const [today] = useState(() => todayIso());
  const visits = useDayVisits(today);
  const list = visits.data?.data ?? [];
  return (
    <section aria-labelledby="today-title" className="mt-3">
      <h2 id="today-title" className="h5">
        Visitas de hoje{visits.data ? ` (${list.length})` : ''}
      </h2>
      <SavedDataNotice query={visits} />
      {/* The day as last saved on the phone stands when the server cannot be reached. */}
      <QueryState isPending={visits.isPending} error={visits.data ? null : visits.error}>
        {list.length === 0 && <p className="text-body-secondary">Nenhuma visita agendada para hoje.</p>}
        <div className="d-grid gap-2" data-testid="today-visits">
          {list.map((v) => {
            const start = new Date(v.scheduledAt);
            const end = new Date(start.getTime() + v.durationMinutes * 60_000);
            return (
              <Card key={v.invoiceId} data-testid={`today-visit-${v.invoiceId}`}>
                <Card.Body className="p-3">
                  <div className="d-flex justify-content-between align-items-start gap-2">
                    <div className="fw-semibold">
                      {formatTime(start)}–{formatTime(end)}
                    </div>
                    <Badge bg={v.state === 20 ? 'success' : 'secondary'}>{v.statusLabel}</Badge>
                  </div>
                  <Link to={`/invoices/${v.invoiceId}/edit`} className="d-block fw-semibold mt-1">
                    OS {v.number} · {v.customerName}
                  </Link>
                  {v.address && <div className="small text-body-secondary mt-1">{v.address}</div>}
                  <div className="d-flex flex-wrap gap-2 mt-2">
                    {v.address && (
                      <>
                        <a
                          className="btn btn-sm btn-outline-primary"
                          href={mapHref(v.address)}
                          target="_blank"
                          rel="noopener noreferrer"
                        >
                          Google Maps
                        </a>
                        <a
                          className="btn btn-sm btn-outline-primary"
                          href={wazeHref(v.address)}
                          target="_blank"
                          rel="noopener noreferrer"
                        >
                          Waze
                        </a>
                      </>
                    )}
                    {v.customerPhone && (
                      <a
                        className="btn btn-sm btn-outline-success"
                        href={telHref(v.customerPhone, v.customerPhoneE164)}
                      >
                        Ligar {v.customerPhone}
                      </a>
                    )}
                  </div>
                </Card.Body>
              </Card>
            );
          })}
        </div>
      </QueryState>
    </section>
  );
}
