import { api } from '../../../lib/api-client.ts';

/** PUT addresses/{id}/position: the pin set by hand (kept as 'manual': the geocoder never moves it). */
export const setAddressPosition = (
  ownerPath: string,
  addressId: number,
  position: { latitude: number; longitude: number },
) =>
  api.put<{ latitude: number | null; longitude: number | null; positionSource: string | null }>(
    `${ownerPath}/addresses/${addressId}/position`,
    position,
  );
