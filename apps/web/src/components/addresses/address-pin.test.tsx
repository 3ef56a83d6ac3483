import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import L from 'leaflet';
import { fakeApi, renderAsUser } from '../../test/fake-api.tsx';
import { AddressModal } from './address-modal.tsx';
import { parseCoordinate } from './address-pin.tsx';

// The address's pin: shown where the address is, dragged (or moved with the arrows) to set its place by
// hand, sent after the address on 'Salvar'; no map at all when the server has no tile source.

const OWNER = '/organizations/1/customers/7';
const TILES = 'http://tiles.test/{z}/{x}/{y}.png';
const stored = {
  id: 9,
  address: 'Avenida Paulista',
  number: 1000,
  complement: null,
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  postalCode: '01310100',
  ibgeCode: '3550308',
  latitude: -23.561414,
  longitude: -46.655881,
  positionSource: 'geocoder',
};
const me = (mapTilesUrl: string | null) => ({
  id: 1,
  name: 'Ana',
  email: 'admin@x.com',
  roles: ['admin'],
  permissions: [],
  organization: { id: 1, name: 'Oficina', timeZone: 'America/Sao_Paulo', features: {}, verified: true },
  mapTilesUrl,
});

// The markers Leaflet puts on a map, to drag one as a person would (Leaflet's own dragend).
const markers: L.Marker[] = [];
const onAdd = L.Marker.prototype.onAdd;
vi.spyOn(L.Marker.prototype, 'onAdd').mockImplementation(function (this: L.Marker, map: L.Map) {
  markers.push(this);
  return onAdd.call(this, map);
});
afterEach(() => {
  markers.length = 0;
  vi.unstubAllGlobals();
});

function serve(mapTilesUrl: string | null) {
  return fakeApi({
    'GET /api/me': () => me(mapTilesUrl),
    [`GET /api${OWNER}/addresses/9`]: () => stored,
    [`PUT /api${OWNER}/addresses/9`]: (body) => ({ ...stored, ...(body as object) }),
    [`PUT /api${OWNER}/addresses/9/position`]: (body) => ({ ...(body as object), positionSource: 'manual' }),
    'GET /api/cep/01310100': () => ({ status: 404, body: { errors: ['CEP não encontrado'] } }),
  });
}
const open = () => renderAsUser(<AddressModal ownerPath={OWNER} addressId={9} show onHide={() => undefined} />);
const save = () => userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

describe('AddressPin', () => {
  it('the pin dragged elsewhere: its coordinates go to addresses/{id}/position after the address', async () => {
    const calls = serve(TILES);
    open();
    expect(await screen.findByRole('region', { name: 'Mapa do endereço' })).toBeInTheDocument();
    await waitFor(() => expect(markers).toHaveLength(1));
    expect(markers[0]!.getLatLng()).toMatchObject({ lat: -23.561414, lng: -46.655881 });
    expect(screen.getByTestId('address-position')).toHaveTextContent('-23,561414, -46,655881');
    markers[0]!.setLatLng([-23.5702, -46.6441]);
    markers[0]!.fire('dragend');
    await waitFor(() => expect(screen.getByTestId('address-position')).toHaveTextContent('-23,570200, -46,644100'));
    expect(screen.getByTestId('address-position')).toHaveTextContent('marcado à mão');
    await save();
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/position'))).toBe(true));
    const writes = calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body]);
    expect(writes).toEqual([
      [`/api${OWNER}/addresses/9`, expect.objectContaining({ address: 'Avenida Paulista', number: 1000 })],
      [`/api${OWNER}/addresses/9/position`, { latitude: -23.5702, longitude: -46.6441 }],
    ]);
  });

  it('the arrow keys move the focused pin; a pin left alone sends no position', async () => {
    const calls = serve(TILES);
    open();
    await waitFor(() => expect(markers).toHaveLength(1));
    const pin = screen.getByRole('button', { name: 'Local do endereço' });
    pin.focus();
    fireEvent.keyDown(pin, { key: 'ArrowUp' });
    await waitFor(() => expect(screen.getByTestId('address-position')).toHaveTextContent('marcado à mão'));
    const moved = markers[0]!.getLatLng();
    expect(moved.lat).toBeGreaterThan(-23.561414);
    expect(moved.lng).toBeCloseTo(-46.655881, 4);
    await save();
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/position'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/position'))!.body).toEqual({
      latitude: Math.round(moved.lat * 1e6) / 1e6,
      longitude: Math.round(moved.lng * 1e6) / 1e6,
    });

    markers.length = 0;
    const untouched = serve(TILES);
    open();
    await waitFor(() => expect(markers).toHaveLength(1));
    await userEvent.click(screen.getAllByRole('button', { name: 'Salvar' }).at(-1)!);
    await waitFor(() => expect(untouched.some((c) => c.method === 'PUT')).toBe(true));
    expect(untouched.some((c) => c.path.endsWith('/position'))).toBe(false);
  });

  it('without the server’s tile source there is no map', async () => {
    serve(null);
    open();
    expect(await screen.findByLabelText('Endereço', { exact: true })).toHaveValue('Avenida Paulista');
    expect(screen.queryByRole('region', { name: 'Mapa do endereço' })).toBeNull();
    expect(screen.queryByText('Local no mapa')).toBeNull();
  });

  it('coordinates typed with a decimal comma move the pin and are sent; an unreadable one says so and moves nothing', async () => {
    const calls = serve(TILES);
    open();
    await waitFor(() => expect(markers).toHaveLength(1));
    const latitude = screen.getByLabelText('Latitude');
    const longitude = screen.getByLabelText('Longitude');
    expect(latitude).toHaveValue('-23,561414');
    await userEvent.clear(latitude);
    await userEvent.type(latitude, '-23.5.7');
    await userEvent.clear(longitude);
    await userEvent.type(longitude, '-200');
    await userEvent.click(screen.getByRole('button', { name: 'Usar estas coordenadas' }));
    expect(await screen.findByText('Informe uma latitude entre -90 e 90 (ex.: -23,561414).')).toBeInTheDocument();
    expect(screen.getByText('Informe uma longitude entre -180 e 180 (ex.: -46,655881).')).toBeInTheDocument();
    expect(markers.at(-1)!.getLatLng()).toMatchObject({ lat: -23.561414, lng: -46.655881 });
    expect(screen.getByTestId('address-position')).not.toHaveTextContent('marcado à mão');

    await userEvent.clear(latitude);
    await userEvent.type(latitude, '-23,5702');
    await userEvent.clear(longitude);
    // Enter in the field places the pin and does not save the address.
    await userEvent.type(longitude, '-46.6441{Enter}');
    await waitFor(() => expect(screen.getByTestId('address-position')).toHaveTextContent('-23,570200, -46,644100'));
    expect(screen.getByTestId('address-position')).toHaveTextContent('marcado à mão');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await waitFor(() => expect(markers.at(-1)!.getLatLng()).toMatchObject({ lat: -23.5702, lng: -46.6441 }));
    await save();
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/position'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/position'))!.body).toEqual({ latitude: -23.5702, longitude: -46.6441 });
  });

  it('reads coordinates as people type them', () => {
    expect(parseCoordinate('-23,561414', 90)).toBe(-23.561414);
    expect(parseCoordinate(' -46.6558811 ', 180)).toBe(-46.655881);
    expect(parseCoordinate('−23,5', 90)).toBe(-23.5);
    expect(parseCoordinate('91', 90)).toBeNull();
    expect(parseCoordinate('1.234,5', 180)).toBeNull();
    expect(parseCoordinate('abc', 90)).toBeNull();
    expect(parseCoordinate('', 90)).toBeNull();
  });
});
