import { schema } from '@ordem-certa/db';

const ad = schema.addresses;

/** The address a record is done at, as its detail answers it (no map position). */
export const recordAddressColumns = {
  id: ad.id,
  address: ad.address,
  number: ad.number,
  complement: ad.complement,
  neighborhood: ad.neighborhood,
  city: ad.city,
  state: ad.state,
  postalCode: ad.postalCode,
  ibgeCode: ad.ibgeCode,
};
