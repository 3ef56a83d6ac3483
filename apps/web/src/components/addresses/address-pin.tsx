import { useEffect, useState } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { MapView, useMapTiles, type MapPosition } from '../map/map-view.tsx';

const coordinates = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 6, maximumFractionDigits: 6 });
const typed = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6, useGrouping: false });

/**
 * A coordinate as people type it, with a decimal comma or a point ('-23,5614' or '-23.5614'), within
 * ±limit degrees; null for anything else (grouping, two separators, letters, out of range).
 */
export function parseCoordinate(text: string, limit: number): number | null {
  const t = text.trim().replace(/^−/, '-');
  if (!/^-?\d{1,3}([.,]\d{1,8})?$/.test(t)) return null;
  const value = Number(t.replace(',', '.'));
  return Math.abs(value) <= limit ? Math.round(value * 1e6) / 1e6 : null;
}

const fields = [
  { key: 'latitude', label: 'Latitude', limit: 90, error: 'Informe uma latitude entre -90 e 90 (ex.: -23,561414).' },
  {
    key: 'longitude',
    label: 'Longitude',
    limit: 180,
    error: 'Informe uma longitude entre -180 e 180 (ex.: -46,655881).',
  },
] as const;
type Key = (typeof fields)[number]['key'];

/** The pin's place typed in degrees (from a GPS reading or another map), put on the map by 'Usar'. */
function TypedCoordinates({ position, onChange }: { position: MapPosition | null; onChange(p: MapPosition): void }) {
  const asText = (p: MapPosition | null) => ({
    latitude: p ? typed.format(p.latitude) : '',
    longitude: p ? typed.format(p.longitude) : '',
  });
  const [text, setText] = useState(() => asText(position));
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  // The pin dragged or clicked elsewhere: the fields follow it.
  useEffect(() => {
    setText(asText(position));
    setErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new place from outside
  }, [position?.latitude, position?.longitude]);
  const apply = () => {
    const latitude = parseCoordinate(text.latitude, 90);
    const longitude = parseCoordinate(text.longitude, 180);
    const found: Partial<Record<Key, string>> = {};
    if (latitude === null) found.latitude = fields[0].error;
    if (longitude === null) found.longitude = fields[1].error;
    setErrors(found);
    if (latitude !== null && longitude !== null) onChange({ latitude, longitude });
  };
  return (
    <Row className="g-2 mt-1 align-items-start">
      {fields.map((f) => (
        <Col xs={6} sm={4} key={f.key}>
          <Form.Group controlId={`address-pin-${f.key}`}>
            <Form.Label className="small mb-0">{f.label}</Form.Label>
            <Form.Control
              size="sm"
              inputMode="decimal"
              value={text[f.key]}
              isInvalid={!!errors[f.key]}
              onChange={(e) => setText((t) => ({ ...t, [f.key]: e.target.value }))}
              onKeyDown={(e) => {
                // Enter here places the pin; it never saves the address's form.
                if (e.key !== 'Enter') return;
                e.preventDefault();
                apply();
              }}
            />
            <Form.Control.Feedback type="invalid">{errors[f.key]}</Form.Control.Feedback>
          </Form.Group>
        </Col>
      ))}
      <Col xs={12} sm={4} className="d-flex align-items-end" style={{ minHeight: '3.1rem' }}>
        <Button type="button" size="sm" variant="outline-secondary" onClick={apply}>
          Usar estas coordenadas
        </Button>
      </Col>
    </Row>
  );
}

/**
 * The address's place on the map: its pin (where the geocoder found it, or set by hand), dragged, moved
 * with the arrow keys, put where the map is clicked or typed in degrees. Nothing without the server's
 * map tiles.
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
          ? `${coordinates.format(position.latitude)}, ${coordinates.format(position.longitude)}${moved ? ' — marcado à mão, salvo com o endereço' : ''}. Arraste o marcador, clique no mapa ou digite as coordenadas para corrigir.`
          : 'Ainda sem localização: clique no mapa ou digite as coordenadas para marcar o local.'}
      </p>
      <TypedCoordinates position={position} onChange={onChange} />
    </div>
  );
}
