import { useState } from 'react';
import { Button, Form, ListGroup } from 'react-bootstrap';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { formatDistance, type DayRoute } from '@ordem-certa/contracts';
import { api, toastApiError } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { formatTime } from '../../../lib/format.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { DayRouteMap } from './day-route-map.tsx';

/**
 * 'Rota do dia': a technician's visits of the agenda's day in the order the product proposes (the
 * shortest round trip from the shop, the 'horário fixo' visits kept at their times), as a list with the
 * distances; 'Aceitar na agenda' moves the visits to the proposed times.
 */
export function DayRoutePanel({ day, technicians }: { day: string; technicians: Array<{ id: number; name: string }> }) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  const [user, setUser] = useState<number | null>(null);
  const route = useQuery({
    queryKey: ['agenda', 'route', user, day],
    queryFn: () => api.get<DayRoute>(`${orgPath}/field/route`, { user: user!, date: day }),
    enabled: user !== null,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['agenda'] });
  const accept = useMutation({
    mutationFn: (r: DayRoute) =>
      api.post<{ moved: number }>(`${orgPath}/field/route/accept`, {
        stops: r.proposal.stops.map((s) => ({ invoiceId: s.invoiceId, scheduledAt: s.proposedAt })),
      }),
    onSuccess: async ({ moved }) => {
      toast.success(moved ? `${moved} visita(s) reagendada(s) pela rota` : 'A agenda já segue a rota');
      await refresh();
    },
    onError: (err) => toastApiError(err),
  });
  const fix = useMutation({
    mutationFn: ({ invoiceId, fixed }: { invoiceId: number; fixed: boolean }) =>
      api.put(`${orgPath}/invoices/${invoiceId}/fixed-time`, { fixed }),
    onSuccess: refresh,
    onError: (err) => toastApiError(err),
  });
  const r = route.data;
  return (
    <SectionCard title="Rota do dia" className="mt-3">
      <Form.Select
        aria-label="Técnico da rota"
        className="mb-2"
        value={user ?? ''}
        onChange={(e) => setUser(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">Escolha o técnico</option>
        {technicians.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </Form.Select>
      {r && !r.shop && (
        <p className="small text-body-secondary mb-0">
          Sem rota: a empresa ou os endereços das visitas ainda não têm localização.
        </p>
      )}
      {r?.shop && r.proposal.stops.length === 0 && (
        <p className="small text-body-secondary mb-0">Nenhuma visita com endereço localizado neste dia.</p>
      )}
      {r?.shop && r.proposal.stops.length > 0 && (
        <>
          <p className="small mb-2" data-testid="route-summary">
            Proposta: <strong>{formatDistance(r.proposal.meters)}</strong> ida e volta (a agenda de agora:{' '}
            {formatDistance(r.current.meters)}),{' '}
            <span data-testid="route-source">
              {r.distanceSource === 'router' ? 'distâncias por estrada' : 'distâncias em linha reta'}
            </span>
            .
          </p>
          <DayRouteMap route={r} />
          <ListGroup as="ol" numbered className="mb-2" aria-label="Visitas na ordem proposta">
            {r.proposal.stops.map((s) => (
              <ListGroup.Item as="li" key={s.invoiceId} className="small">
                <strong>{formatTime(s.proposedAt)}</strong> OS {s.number} · {s.customerName} ·{' '}
                {formatDistance(s.meters)}
                {s.proposedAt !== s.scheduledAt && (
                  <span className="text-body-secondary"> (era {formatTime(s.scheduledAt)})</span>
                )}
                <Form.Check
                  type="switch"
                  id={`fixed-${s.invoiceId}`}
                  label="Horário fixo"
                  checked={s.fixedTime}
                  disabled={fix.isPending}
                  onChange={(e) => fix.mutate({ invoiceId: s.invoiceId, fixed: e.target.checked })}
                />
              </ListGroup.Item>
            ))}
          </ListGroup>
          {r.unplaced.length > 0 && (
            <p className="small text-body-secondary">
              Sem localização (ficam onde estão): {r.unplaced.map((u) => `OS ${u.number}`).join(', ')}
            </p>
          )}
          <Button size="sm" disabled={accept.isPending} onClick={() => accept.mutate(r)}>
            Aceitar na agenda
          </Button>
        </>
      )}
    </SectionCard>
  );
}
