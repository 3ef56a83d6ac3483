import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './map.css';
import type { MapMarker, MapPosition, MapProps } from './map-props.ts';

// The map itself, in its own file (map-view.tsx loads it on first use). Leaflet draws the tiles, the
// markers (plain divs styled in styles.css, so no image has to be found) and the line; the map and
// each marker take the keyboard's focus: the arrows pan the map, or move a draggable marker that has
// the focus.

const ATTRIBUTION =
  '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">OpenStreetMap</a>';
/** How far an arrow key moves a focused marker, in screen pixels. */
const KEY_STEP_PX = 8;
const SINGLE_ZOOM = 16;
const EMPTY_ZOOM = 4;
/** Brazil's middle, where an empty map looks when it is given no place. */
const BRAZIL: MapPosition = { latitude: -14.24, longitude: -51.93 };

const toLatLng = (p: MapPosition) => L.latLng(p.latitude, p.longitude);
const fromLatLng = (l: L.LatLng): MapPosition => ({
  latitude: Math.round(l.lat * 1e6) / 1e6,
  longitude: Math.round(l.lng * 1e6) / 1e6,
});
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function iconOf(m: MapMarker) {
  const size = m.tone === 'stamp' ? 18 : 26;
  return L.divIcon({
    className: `map-marker map-marker-${m.tone ?? 'pin'}${m.draggable ? ' map-marker-draggable' : ''}`,
    html: m.label ? `<span>${escapeHtml(m.label)}</span>` : '',
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

const arrows: Record<string, [number, number]> = {
  ArrowUp: [0, -KEY_STEP_PX],
  ArrowDown: [0, KEY_STEP_PX],
  ArrowLeft: [-KEY_STEP_PX, 0],
  ArrowRight: [KEY_STEP_PX, 0],
};

export default function LeafletMap(props: MapProps) {
  const { tilesUrl, label, height, markers, line, center } = props;
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const shown = useRef(new Map<string, L.Marker>());
  const path = useRef<L.Polyline | null>(null);
  const framedKeys = useRef<string | null>(null);
  // The latest callbacks, read by Leaflet's handlers set up once.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const m = L.map(box.current!, { attributionControl: false, scrollWheelZoom: false });
    L.control.attribution({ prefix: false }).addAttribution(ATTRIBUTION).addTo(m);
    L.tileLayer(tilesUrl, { maxZoom: 19 }).addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => latest.current.onMapClick?.(fromLatLng(e.latlng)));
    m.getContainer().setAttribute('role', 'region');
    map.current = m;
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => m.invalidateSize());
    resized?.observe(box.current!);
    const markersShown = shown.current;
    return () => {
      resized?.disconnect();
      m.remove();
      map.current = null;
      markersShown.clear();
      path.current = null;
      framedKeys.current = null;
    };
  }, [tilesUrl]);

  useEffect(() => {
    map.current?.getContainer().setAttribute('aria-label', label);
  }, [label]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    // The view first: a marker added to a map without one gets its element only later.
    // The view is set when the places shown change, never when a marker is moved.
    const keys = markers.map((k) => k.key).join('|');
    if (framedKeys.current !== keys) {
      framedKeys.current = keys;
      const points = [...markers.map((k) => toLatLng(k.position)), ...(line ?? []).map(toLatLng)];
      if (points.length === 0) m.setView(toLatLng(center ?? BRAZIL), EMPTY_ZOOM);
      else if (
        points.length === 1 ||
        L.latLngBounds(points).getNorthEast().equals(L.latLngBounds(points).getSouthWest())
      )
        m.setView(points[0]!, SINGLE_ZOOM);
      else m.fitBounds(L.latLngBounds(points), { padding: [24, 24], maxZoom: SINGLE_ZOOM });
    }
    const keep = new Set(markers.map((k) => k.key));
    for (const [key, marker] of shown.current)
      if (!keep.has(key)) {
        marker.remove();
        shown.current.delete(key);
      }
    for (const k of markers) {
      const at = toLatLng(k.position);
      const existing = shown.current.get(k.key);
      if (existing) {
        if (!existing.getLatLng().equals(at)) existing.setLatLng(at);
        const el = existing.getElement();
        if (el && el.textContent !== (k.label ?? '')) existing.setIcon(iconOf(k));
        existing.getElement()?.setAttribute('aria-label', k.title);
        existing.getElement()?.setAttribute('title', k.title);
        continue;
      }
      const marker = L.marker(at, { icon: iconOf(k), title: k.title, draggable: !!k.draggable, keyboard: true });
      marker.addTo(m);
      const el = marker.getElement();
      el?.setAttribute('aria-label', k.title);
      if (k.draggable) {
        marker.on('dragend', () => latest.current.onMarkerMoved?.(k.key, fromLatLng(marker.getLatLng())));
        el?.addEventListener('keydown', (e) => {
          const step = arrows[e.key];
          if (!step) return;
          // The arrows move the marker, not the map under it.
          e.preventDefault();
          e.stopPropagation();
          const to = m.containerPointToLatLng(m.latLngToContainerPoint(marker.getLatLng()).add(step));
          marker.setLatLng(to);
          latest.current.onMarkerMoved?.(k.key, fromLatLng(to));
        });
      }
      shown.current.set(k.key, marker);
    }
    if (path.current) path.current.remove();
    path.current = line?.length ? L.polyline(line.map(toLatLng), { weight: 3, opacity: 0.8 }).addTo(m) : null;
  }, [markers, line, center]);

  return <div ref={box} className="map-view rounded border" style={{ height }} />;
}
