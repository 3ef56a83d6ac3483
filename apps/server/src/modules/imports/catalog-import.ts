import { sql } from 'drizzle-orm';
import {
  DEFAULT_UNIT,
  headerKey,
  importMessages,
  parseMoneyText,
  productBody,
  serviceBody,
  toCents,
  type ProductUnit,
} from '@ordem-certa/contracts';
import { schema, type Db, type Tx } from '@ordem-certa/db';
import { queryRows } from '../../lib/sql.ts';
import { issuesOf, jsonList, nameKey, type FieldError, type ImportKindRules, type RowValues } from './import-kind.ts';

/** A product or service row, checked: its name, optional code, price in cents and (products) unit. */
export interface CatalogRecord {
  name: string;
  code: string | null;
  priceCents: number;
  unit?: ProductUnit;
}

/** How units are written in spreadsheets ('UN', 'Unid.', 'PÇ', 'Peça', 'KG', 'M²', 'Litro'…) → the unit's code. */
const unitWords: Record<string, ProductUnit> = {
  un: 'un',
  u: 'un',
  und: 'un',
  unid: 'un',
  unidade: 'un',
  unidades: 'un',
  pc: 'pc',
  pca: 'pc',
  peca: 'pc',
  pecas: 'pc',
  cx: 'cx',
  caixa: 'cx',
  kg: 'kg',
  quilo: 'kg',
  quilograma: 'kg',
  g: 'g',
  gr: 'g',
  grama: 'g',
  m: 'm',
  mt: 'm',
  metro: 'm',
  metros: 'm',
  m2: 'm2',
  metroquadrado: 'm2',
  m3: 'm3',
  metrocubico: 'm3',
  l: 'l',
  lt: 'l',
  litro: 'l',
  litros: 'l',
  ml: 'ml',
  mililitro: 'ml',
  h: 'h',
  hr: 'h',
  hora: 'h',
  horas: 'h',
};

/** The unit a cell names: blank is the default unit, an unknown word undefined. */
export function readUnit(text: string): ProductUnit | undefined {
  if (!text.trim()) return DEFAULT_UNIT;
  return unitWords[headerKey(text.replace('²', '2').replace('³', '3'))];
}

/**
 * A price cell read the way the money fields read what is typed ('1.850,50', 'R$ 48,90', '48.90'),
 * then the row through the form's schema (productBody / serviceBody): the same rules and messages.
 */
function checkCatalog(values: RowValues, withUnit: boolean) {
  const errors: FieldError[] = [];
  const price = parseMoneyText(values.price ?? '');
  if (!price.ok) errors.push({ field: 'price', message: price.message });
  const unit = withUnit ? readUnit(values.unit ?? '') : undefined;
  if (withUnit && !unit) errors.push({ field: 'unit', message: importMessages.unknownUnit });
  const body = { name: values.name ?? '', code: values.code ?? null, price: price.ok ? (price.value ?? undefined) : 0 };
  const parsed = withUnit ? productBody.safeParse({ ...body, unit }) : serviceBody.safeParse(body);
  if (!parsed.success) {
    // A price the reading refused already has its message.
    errors.push(...issuesOf(parsed.error).filter((e) => !errors.some((o) => o.field === e.field)));
  }
  if (!parsed.success || errors.length) return { errors };
  const v = parsed.data;
  return {
    record: {
      name: v.name,
      code: v.code ?? null,
      priceCents: toCents(v.price),
      ...(withUnit ? { unit: (v as { unit?: ProductUnit }).unit ?? DEFAULT_UNIT } : {}),
    },
  };
}

/**
 * Products and services match by code, or by name (accents and case aside) where either side has no
 * code: 'Filtro G4' without a code is the registered 'filtro g4', while two rows named alike with
 * different codes are two products. A match is skipped, never changed. Archived services count: their
 * codes stay taken.
 */
function catalogImport(
  kind: 'products' | 'services',
  table: typeof schema.products | typeof schema.services,
): ImportKindRules<CatalogRecord> {
  return {
    kind,
    check: (values) => checkCatalog(values, kind === 'products'),

    repeats() {
      const codes = new Map<string, number>();
      const names = new Map<string, number>();
      const namesWithoutCode = new Map<string, number>();
      return (record, row) => {
        const name = nameKey(record.name);
        if (record.code !== null && codes.has(record.code))
          return { field: 'code', message: importMessages.repeated('Código', codes.get(record.code)!) };
        const first = record.code === null ? names.get(name) : namesWithoutCode.get(name);
        if (first !== undefined) return { field: 'name', message: importMessages.repeated('Nome', first) };
        if (record.code !== null) codes.set(record.code, row);
        else if (!namesWithoutCode.has(name)) namesWithoutCode.set(name, row);
        if (!names.has(name)) names.set(name, row);
        return undefined;
      };
    },

    async existing(db: Db | Tx, organizationId, lookups) {
      const rows = lookups.map((l) => ({ code: l.record?.code ?? null, name: l.record?.name ?? l.name }));
      const found = await queryRows<{ i: string }>(
        db,
        sql`WITH r AS (
              SELECT i, e->>'code' AS code, f_unaccent(lower(e->>'name')) AS k
                FROM json_array_elements(${jsonList(rows)}) WITH ORDINALITY AS u(e, i)),
            p AS (
              SELECT ${table.code} AS code, f_unaccent(lower(${table.name})) AS k
                FROM ${table} WHERE ${table.organizationId} = ${organizationId})
            SELECT r.i FROM r JOIN p ON p.code = r.code
            UNION
            SELECT r.i FROM r JOIN p ON p.k = r.k AND (p.code IS NULL OR r.code IS NULL)`,
      );
      const matched = new Set(found.map((f) => Number(f.i) - 1));
      return lookups.map((_, i) => matched.has(i));
    },

    async insert(tx, organizationId, records) {
      // A code someone registered meanwhile is left alone (and counted as existing).
      const written = await tx
        .insert(table)
        .values(records.map((r) => ({ ...r, organizationId })))
        .onConflictDoNothing()
        .returning({ id: table.id });
      return written.length;
    },
  };
}

export const productImport = catalogImport('products', schema.products);
export const serviceImport = catalogImport('services', schema.services);
