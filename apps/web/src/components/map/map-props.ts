export interface MapPosition {
  latitude: number;
  longitude: number;
}

export interface MapMarker {
  key: string;
  position: MapPosition;
  /** Its name, read by screen readers and shown on hover. */
  title: string;
  /** A short text on the marker itself (a stop's number). */
  label?: string;
  /** 'shop' and 'stamp' are drawn apart from the plain pin. */
  tone?: 'pin' | 'shop' | 'stamp';
  /** Moved by dragging, or by the arrow keys while it has the focus. */
  draggable?: boolean;
}

export interface MapProps {
  tilesUrl: string;
  /** What the map shows, for screen readers ('Mapa do endereço'). */
  label: string;
  markers: MapMarker[];
  /** A line through these points, in order (a route). */
  line?: MapPosition[];
  /** Where to look when there is no marker (zoom 4 over it). */
  center?: MapPosition;
  height?: number;
  /** A draggable marker was put down somewhere else. */
  onMarkerMoved?(key: string, position: MapPosition): void;
  /** A click (or a tap) on the map itself. */
  onMapClick?(position: MapPosition): void;
}
