import { sql } from 'drizzle-orm';
import {
  addressBody,
  brazilianStates,
  CNPJ_LENGTH,
  CPF_LENGTH,
  createCustomerBody,
  formatPostalCode,
  equipmentBody,
  headerKey,
  importMessages,
  isValidCnpj,
  isValidCpf,
  normalizeIdentifier,
  PersonType,
  type AddressBody,
  type CreateCustomerBody,
  type EquipmentBody,
} from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import { issuesOf, jsonList, type FieldError, type ImportKindRules, type RowValues } from './import-kind.ts';

export interface CustomerRecord {
  customer: CreateCustomerBody;
  address: AddressBody | null;
  equipment: EquipmentBody | null;
}

const ADDRESS_FIELDS = ['postalCode', 'address', 'number', 'complement', 'neighborhood', 'city', 'state'];
const EQUIPMENT_FIELDS = ['equipment', 'brand', 'model', 'serialNumber'];

/**
 * The person type told by the identifier, and the identifier completed: a spreadsheet that held a CPF
 * or CNPJ as a number lost its leading zeros (01234567890 became 1234567890), so digits that become a
 * valid CPF or CNPJ when padded with zeros are taken padded. Otherwise up to 11 characters is a CPF and
 * anything longer a CNPJ (an alphanumeric CNPJ has 14), and the create schema says which one is invalid.
 */
export function readIdentifier(raw: string): { type: PersonType; identifier: string } {
  const v = normalizeIdentifier(raw);
  const digits = /^\d+$/.test(v);
  if (digits && v.length < CPF_LENGTH && isValidCpf(v.padStart(CPF_LENGTH, '0')))
    return { type: PersonType.Natural, identifier: v.padStart(CPF_LENGTH, '0') };
  if (digits && v.length < CNPJ_LENGTH && v.length !== CPF_LENGTH && isValidCnpj(v.padStart(CNPJ_LENGTH, '0')))
    return { type: PersonType.Juridical, identifier: v.padStart(CNPJ_LENGTH, '0') };
  if (v.length <= CPF_LENGTH) return { type: PersonType.Natural, identifier: v };
  return { type: PersonType.Juridical, identifier: v };
}

const stateNames: Record<string, string> = {
  acre: 'AC',
  alagoas: 'AL',
  amazonas: 'AM',
  amapa: 'AP',
  bahia: 'BA',
  ceara: 'CE',
  distritofederal: 'DF',
  espiritosanto: 'ES',
  goias: 'GO',
  maranhao: 'MA',
  minasgerais: 'MG',
  matogrossodosul: 'MS',
  matogrosso: 'MT',
  para: 'PA',
  paraiba: 'PB',
  pernambuco: 'PE',
  piaui: 'PI',
  parana: 'PR',
  riodejaneiro: 'RJ',
  riograndedonorte: 'RN',
  rondonia: 'RO',
  roraima: 'RR',
  riograndedosul: 'RS',
  santacatarina: 'SC',
  sergipe: 'SE',
  saopaulo: 'SP',
  tocantins: 'TO',
};

/** 'SP', 'sp' or 'São Paulo' → 'SP'; anything else as written, for the address schema to refuse. */
export function readState(text: string): string {
  const upper = text.trim().toUpperCase();
  if ((brazilianStates as readonly string[]).includes(upper)) return upper;
  return stateNames[headerKey(text)] ?? text;
}

/** 'S/N' and blank are no number; digits are the number; anything else goes to the schema, which refuses it. */
function readNumber(text: string): unknown {
  const t = text.trim();
  if (t === '' || /^s\.?\/?\s*n\.?[º°o]?$/i.test(t)) return null;
  if (/^\d+$/.test(t)) return Number(t);
  return t;
}

const filled = (values: RowValues, fields: string[]) => fields.some((f) => (values[f] ?? '').trim() !== '');

function checkAddress(values: RowValues): { address: AddressBody | null; errors: FieldError[] } {
  if (!filled(values, ADDRESS_FIELDS)) return { address: null, errors: [] };
  const parsed = addressBody.safeParse({
    address: values.address ?? '',
    number: readNumber(values.number ?? ''),
    complement: values.complement,
    neighborhood: values.neighborhood,
    city: values.city,
    state: values.state === undefined ? undefined : readState(values.state),
    postalCode: values.postalCode,
  });
  return parsed.success ? { address: parsed.data, errors: [] } : { address: null, errors: issuesOf(parsed.error) };
}

function checkEquipment(values: RowValues): { equipment: EquipmentBody | null; errors: FieldError[] } {
  if (!filled(values, EQUIPMENT_FIELDS)) return { equipment: null, errors: [] };
  const parsed = equipmentBody.safeParse({
    name: values.equipment ?? '',
    brand: values.brand ?? '',
    model: values.model ?? '',
    serialNumber: values.serialNumber ?? '',
  });
  return parsed.success
    ? { equipment: parsed.data, errors: [] }
    : { equipment: null, errors: issuesOf(parsed.error, { name: 'equipment' }) };
}

/**
 * A customer row, checked by the customer form's schemas: the customer (createCustomerBody), its
 * address (addressBody) and its equipment (equipmentBody), each only when the row fills one of its
 * columns. The phone is the mobile when the row has one (the WhatsApp button needs a mobile), else the
 * phone. A legal entity without a 'Nome fantasia' takes its name as one (the form asks for it; other
 * systems seldom export it).
 */
function checkCustomer(values: RowValues) {
  const name = values.name ?? '';
  const { type, identifier } = readIdentifier(values.identifier ?? '');
  const phoneField = (values.mobile ?? '').trim() ? 'mobile' : 'phone';
  const aliasFromName = type === PersonType.Juridical && !(values.alias ?? '').trim();
  const parsed = createCustomerBody.safeParse({
    type,
    identifier,
    name,
    alias: aliasFromName ? name : values.alias,
    email: values.email,
    phone: values[phoneField],
  });
  const errors = parsed.success
    ? []
    : issuesOf(parsed.error, { phone: phoneField, alias: aliasFromName ? 'name' : 'alias' });
  const address = checkAddress(values);
  const equipment = checkEquipment(values);
  errors.push(...address.errors, ...equipment.errors);
  // One message per field: a blank name would also be a blank alias taken from it.
  const unique = errors.filter((e, i) => errors.findIndex((o) => o.field === e.field) === i);
  if (!parsed.success || unique.length) {
    // Without an identifier, the row may still be a customer registered before, by name.
    const noIdentifier = identifier === '' && name.trim() !== '';
    return { errors: unique, name: noIdentifier ? name.trim() : undefined };
  }
  return { record: { customer: parsed.data, address: address.address, equipment: equipment.equipment } };
}

const identifierLabel = (type: PersonType) => (type === PersonType.Natural ? 'CPF' : 'CNPJ');

/**
 * Customers match by CPF/CNPJ (unique in the organization); a row without one, by name (accents and
 * case aside). A match is skipped: what was registered stays as it is.
 */
export const customerImport: ImportKindRules<CustomerRecord> = {
  kind: 'customers',
  groups: [
    { fields: ADDRESS_FIELDS, required: ['address'] },
    { fields: EQUIPMENT_FIELDS, required: EQUIPMENT_FIELDS },
  ],
  check: checkCustomer,

  repeats() {
    const seen = new Map<string, number>();
    return ({ customer }, row) => {
      const first = seen.get(customer.identifier);
      if (first !== undefined)
        return { field: 'identifier', message: importMessages.repeated(identifierLabel(customer.type), first) };
      seen.set(customer.identifier, row);
      return undefined;
    };
  },

  async existing(db, organizationId, lookups) {
    const c = schema.customers;
    const identifiers = lookups.flatMap((l) => (l.record ? [l.record.customer.identifier] : []));
    const names = lookups.flatMap((l) => (l.name !== undefined ? [l.name] : []));
    const registered = new Set(
      identifiers.length
        ? (
            await queryRows<{ identifier: string }>(
              db,
              sql`SELECT ${c.identifier} AS identifier FROM ${c}
                   WHERE ${c.organizationId} = ${organizationId}
                     AND ${c.identifier} IN (SELECT json_array_elements_text(${jsonList(identifiers)}))`,
            )
          ).map((r) => r.identifier)
        : [],
    );
    const namesFound = new Set(
      names.length
        ? (
            await queryRows<{ name: string }>(
              db,
              sql`SELECT u.name FROM json_array_elements_text(${jsonList(names)}) AS u(name)
                   WHERE EXISTS (SELECT 1 FROM ${c} WHERE ${c.organizationId} = ${organizationId}
                                    AND f_unaccent(lower(${c.name})) = f_unaccent(lower(u.name)))`,
            )
          ).map((r) => r.name)
        : [],
    );
    return lookups.map((l) => (l.record ? registered.has(l.record.customer.identifier) : namesFound.has(l.name)));
  },

  /**
   * Each address gets its municipality's IBGE code (what the NFS-e names the place by): from its CEP,
   * which must be of the city and UF the row typed (else the row is refused saying where the CEP is),
   * filling them when the row left them out; without a CEP the services could answer for, by the
   * city and UF.
   */
  async resolve(places, batch) {
    const rows = batch.filter((c) => !c.errors && c.lookup.record?.address);
    const answers = await places.resolve(rows.map((c) => c.lookup.record!.address!));
    rows.forEach((c, i) => {
      const answer = answers[i]!;
      const address = c.lookup.record!.address!;
      if ('mismatch' in answer) {
        const { city, state } = answer.mismatch;
        c.errors = [
          {
            field: 'postalCode',
            message: importMessages.cepOtherPlace(formatPostalCode(address.postalCode), city, state),
          },
        ];
      } else Object.assign(address, answer.place);
    });
  },

  async insert(tx, organizationId, records) {
    // A customer someone registered meanwhile with the same CPF/CNPJ is left alone (and counted as existing).
    const written = await tx
      .insert(schema.customers)
      .values(records.map((r) => ({ ...r.customer, organizationId })))
      .onConflictDoNothing()
      .returning({ id: schema.customers.id, identifier: schema.customers.identifier });
    const idOf = new Map(written.map((w) => [w.identifier, w.id]));
    const owned = records.flatMap((r) => {
      const customerId = idOf.get(r.customer.identifier);
      return customerId === undefined ? [] : [{ ...r, customerId }];
    });
    const addresses = owned.flatMap((r) =>
      r.address ? [{ ...r.address, organizationId, companyId: null, customerId: r.customerId }] : [],
    );
    const equipments = owned.flatMap((r) =>
      r.equipment ? [{ ...r.equipment, organizationId, customerId: r.customerId }] : [],
    );
    if (addresses.length) await tx.insert(schema.addresses).values(addresses);
    if (equipments.length) await tx.insert(schema.equipments).values(equipments);
    return written.length;
  },
};
