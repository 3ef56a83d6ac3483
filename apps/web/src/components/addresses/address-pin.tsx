import { Form } from 'react-bootstrap';
import { MapView, useMapTiles, type MapPosition } from '../map/map-view.tsx';

const coordinates = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 6, maximumFractionDigits: 6 });

/**
 * The address's place on the map: its pin (where the geocoder found it, or set by hand), dragged, moved
 * with the arrow keys or put where the map is clicked. Nothing without the server's map tiles.
 */
export function AddressPin({
  position,
  moved,
  onChange,
}: {
  position: MapPosition | null;
  moved: boolean;
  onChange(position: MapPosition): void;
}) {
  if (!useMapTiles()) return null;
  return (
    <div>
      <Form.Label as="div">Local no mapa</Form.Label>
      <MapView
        label="Mapa do endereço"
        height={220}
        markers={position ? [{ key: 'address', position, title: 'Local do endereço', draggable: true }] : []}
        onMarkerMoved={(_, p) => onChange(p)}
        onMapClick={onChange}
      />
      <p className="small text-body-secondary mt-1 mb-0" data-testid="address-position" aria-live="polite">
        {position
          ? `${coordinates.format(position.latitude)}, ${coordinates.format(position.longitude)}${moved ? ' — marcado à mão, salvo com o endereço' : ''}. Arraste o marcador ou clique no mapa para corrigir.`
          : 'Ainda sem localização: clique no mapa para marcar o local.'}
      </p>
    </div>
  );
}
