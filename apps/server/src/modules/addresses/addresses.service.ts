import { and, asc, eq } from 'drizzle-orm';
import { addressMessages, type AddressBody, type ListQuery } from '@ordem-certa/contracts';
import { schema, type Db } from '@ordem-certa/db';
import { invalid } from '../../lib/errors.ts';
import { listPage } from '../../lib/list.ts';
import { assertFound } from '../../core/access/access.ts';
import { municipalityByCode, municipalityNamed } from '../../core/places/municipalities.ts';

const t = schema.addresses;

/** An address belongs to a company or to a customer of the organization. */
export type AddressOwner = { kind: 'company' | 'customer'; id: number };

const ownerTable = (owner: AddressOwner) => (owner.kind === 'company' ? schema.companies : schema.customers);
const ownerColumn = (owner: AddressOwner) => (owner.kind === 'company' ? t.companyId : t.customerId);

const columns = {
  id: t.id,
  address: t.address,
  number: t.number,
  complement: t.complement,
  neighborhood: t.neighborhood,
  city: t.city,
  state: t.state,
  postalCode: t.postalCode,
  ibgeCode: t.ibgeCode,
  latitude: t.latitude,
  longitude: t.longitude,
  positionSource: t.positionSource,
};

/**
 * The municipality of the address. A given IBGE code must be in IBGE's list and of the address's UF
 * (422 on ibgeCode otherwise). Without a code, a city and UF that name a municipality (case and
 * accents aside: 'sao paulo') get its code, as addresses typed before the code existed got it. Either
 * way the city is then stored as the list names it; a city the list does not know stays as typed.
 */
async function withMunicipality(db: Db, body: AddressBody): Promise<AddressBody> {
  if (body.ibgeCode) {
    const municipality = await municipalityByCode(db, body.ibgeCode);
    if (!municipality) throw invalid({ ibgeCode: addressMessages.municipalityUnknown });
    if (municipality.state !== body.state) throw invalid({ ibgeCode: addressMessages.municipalityOtherState });
    return { ...body, city: municipality.name };
  }
  const named = body.city && body.state ? await municipalityNamed(db, body.city, body.state) : undefined;
  return named ? { ...body, city: named.name, ibgeCode: named.ibgeCode } : { ...body, ibgeCode: null };
}

/** Another organization's company or customer is simply not found. */
async function assertOwner(db: Db, organizationId: number, owner: AddressOwner) {
  const table = ownerTable(owner);
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, owner.id), eq(table.organizationId, organizationId)));
  assertFound(row);
}

const own = (organizationId: number, owner: AddressOwner, addressId?: number) =>
  and(
    eq(t.organizationId, organizationId),
    eq(ownerColumn(owner), owner.id),
    addressId === undefined ? undefined : eq(t.id, addressId),
  );

export async function listAddresses(db: Db, organizationId: number, owner: AddressOwner, query: ListQuery) {
  await assertOwner(db, organizationId, owner);
  const where = own(organizationId, owner);
  return listPage(
    query,
    db.select(columns).from(t).where(where).orderBy(asc(t.id)).limit(query.take).offset(query.skip),
    () => db.$count(t, where),
  );
}

export async function getAddress(db: Db, organizationId: number, owner: AddressOwner, addressId: number) {
  const [row] = await db
    .select(columns)
    .from(t)
    .where(own(organizationId, owner, addressId));
  return assertFound(row);
}

export async function createAddress(db: Db, organizationId: number, owner: AddressOwner, body: AddressBody) {
  await assertOwner(db, organizationId, owner);
  const values = await withMunicipality(db, body);
  const [row] = await db
    .insert(t)
    .values({
      ...values,
      organizationId,
      companyId: owner.kind === 'company' ? owner.id : null,
      customerId: owner.kind === 'customer' ? owner.id : null,
    })
    .returning(columns);
  return row!;
}

export async function updateAddress(
  db: Db,
  organizationId: number,
  owner: AddressOwner,
  addressId: number,
  body: AddressBody,
) {
  const values = await withMunicipality(db, body);
  const [row] = await db
    .update(t)
    .set({ ...values, updatedAt: new Date() })
    .where(own(organizationId, owner, addressId))
    .returning(columns);
  return assertFound(row);
}

export async function deleteAddress(db: Db, organizationId: number, owner: AddressOwner, addressId: number) {
  const [row] = await db
    .delete(t)
    .where(own(organizationId, owner, addressId))
    .returning({ id: t.id });
  assertFound(row);
}
