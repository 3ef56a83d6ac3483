import type { DayRoute } from '@ordem-certa/contracts';
import { formatTime } from '../../../lib/format.ts';
import { MapView, type MapMarker } from '../../../components/map/map-view.tsx';

/**
 * The proposed route on the map: the shop, the visits numbered in the proposal's order, and the line
 * from the shop through them and back. Nothing without a proposal or without map tiles.
 */
export function DayRouteMap({ route }: { route: DayRoute | undefined }) {
  if (!route?.shop || route.proposal.stops.length === 0) return null;
  const { shop, proposal } = route;
  const markers: MapMarker[] = [
    { key: 'shop', position: shop, tone: 'shop', title: 'Empresa: saída e volta' },
    ...proposal.stops.map((s, k) => ({
      key: `visit-${s.invoiceId}`,
      position: { latitude: s.latitude, longitude: s.longitude },
      label: String(k + 1),
      title: `${k + 1}. ${formatTime(s.proposedAt)} OS ${s.number} · ${s.customerName}`,
    })),
  ];
  const line = [shop, ...proposal.stops.map((s) => ({ latitude: s.latitude, longitude: s.longitude })), shop];
  return (
    <div className="mb-2">
      <MapView label="Mapa da rota do dia" height={260} markers={markers} line={line} />
    </div>
  );
}
