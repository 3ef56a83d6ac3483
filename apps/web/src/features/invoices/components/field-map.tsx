import { stampDone, type Position, type StampKind } from '@ordem-certa/contracts';
import { formatTime } from '../../../lib/format.ts';
import { MapView, type MapMarker } from '../../../components/map/map-view.tsx';

/**
 * The order's small map on 'Deslocamento e tempo': the job's address and where each stamp was made
 * (named by what it was and its time). Nothing without a position to show or without map tiles.
 */
export function FieldMap({
  place,
  stamps,
}: {
  place: Position | null;
  stamps: Array<{ key: string; kind: StampKind; deviceAt: Date; position?: Position }>;
}) {
  const markers: MapMarker[] = [
    ...(place ? [{ key: 'address', position: place, title: 'Endereço do atendimento' }] : []),
    ...stamps.flatMap((s) =>
      s.position
        ? [
            {
              key: s.key,
              position: s.position,
              tone: 'stamp' as const,
              title: `${stampDone[s.kind]} às ${formatTime(s.deviceAt)}`,
            },
          ]
        : [],
    ),
  ];
  if (markers.length === 0) return null;
  return (
    <div className="mb-2">
      <MapView label="Mapa do atendimento" height={200} markers={markers} />
    </div>
  );
}
