import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useMe } from '../../lib/auth.tsx';
import type { MapProps } from './map-props.ts';

export type { MapMarker, MapPosition, MapProps } from './map-props.ts';

// Leaflet and its stylesheet come in their own file, fetched the first time a map is shown: no
// screen's first visit pays for them.
const LeafletMap = lazy(() => import('./leaflet-map.tsx'));

/** The server's map tiles (MAP_TILES_URL); null while unknown or when the server has none. */
export function useMapTiles(): string | null {
  return useMe().data?.mapTilesUrl ?? null;
}

/** A map that cannot load (offline before its file was ever fetched) leaves its screen as it was. */
class WithoutMapOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A map of OpenStreetMap tiles from the server's tile source, with markers (draggable when asked) and
 * a line; nothing at all when the server has no tile source, so the screen keeps its lists.
 */
export function MapView(props: Omit<MapProps, 'tilesUrl'>) {
  const tilesUrl = useMapTiles();
  if (!tilesUrl) return null;
  const height = props.height ?? 240;
  return (
    <WithoutMapOnError>
      <Suspense fallback={<div className="map-view bg-body-tertiary rounded" style={{ height }} aria-hidden />}>
        <LeafletMap {...props} tilesUrl={tilesUrl} height={height} />
      </Suspense>
    </WithoutMapOnError>
  );
}
