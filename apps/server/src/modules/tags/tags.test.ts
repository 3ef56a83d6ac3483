import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@ordem-certa/db';
import { DEFAULT_TAG_COLOR, tagColorPresets, tagMessages } from '@ordem-certa/contracts';
import { createOrg } from '../../../test/helpers.ts';
import { registerApi, twoOrganizations, itChecksAccessOnOneRow } from '../../../test/register-tests.ts';

const suite = twoOrganizations();
type Tag = { id: number; name: string; color: string };
const api = registerApi<Tag>(suite, (o) => `/api/organizations/${o.organization.id}/tags`);
const { call, create } = api;

describe('tags: access', () => {
  itChecksAccessOnOneRow(api, {
    row: { name: 'Urgente', color: 'eb5a46' },
    write: { name: 'X' },
    theirWrite: { name: 'Y' },
  });
});

describe('tags: colours and names', () => {
  it('accepts each of the ten presets, stored as hex without #', async () => {
    expect(tagColorPresets).toHaveLength(10);
    for (const [i, { value }] of tagColorPresets.entries()) {
      const t = await create(suite.org, { name: `Cor ${i}`, color: value });
      expect(t.color).toBe(value);
      expect((await call(suite.org, suite.org.admin.token, 'GET', `/${t.id}`)).json().color).toBe(value);
    }
  });

  it("'Sem cor' is the default grey", async () => {
    expect((await create(suite.org, { name: 'Sem cor definida' })).color).toBe(DEFAULT_TAG_COLOR);
    expect((await create(suite.org, { name: 'Cinza', color: 'b3bac5' })).color).toBe('b3bac5');
  });

  it('422 on color outside the presets (also with # or another format), nothing stored', async () => {
    for (const color of ['ffffff', '#61bd4f', '61BD4F0', 'red', '', 123, null]) {
      const res = await call(suite.org, suite.org.admin.token, 'POST', '', { name: 'Fora da paleta', color });
      expect(res.statusCode, String(color)).toBe(422);
      expect(res.json().errors).toEqual({ color: [tagMessages.invalidColor] });
    }
    expect((await call(suite.org, suite.org.admin.token, 'GET', '?q=fora%20da%20paleta')).json().meta.total).toBe(0);
  });

  it("422 on name: required ('Título') and unique in the organization (any case)", async () => {
    const empty = await call(suite.org, suite.org.admin.token, 'POST', '', { name: '', color: '61bd4f' });
    expect(Object.keys(empty.json().errors)).toEqual(['name']);
    await create(suite.org, { name: 'Retorno' });
    const dup = await call(suite.org, suite.org.admin.token, 'POST', '', { name: 'RETORNO' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ name: [tagMessages.nameTaken] });
    await create(suite.other, { name: 'Retorno' });
  });

  it('a name typed with combining accents (NFD) is the same as the composed one (NFC): 422, stored as NFC', async () => {
    const nfc = 'Manutenção';
    const made = await create(suite.org, { name: nfc });
    expect(made.name).toBe(nfc);
    const dup = await call(suite.org, suite.org.admin.token, 'POST', '', { name: nfc.normalize('NFD') });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ name: [tagMessages.nameTaken] });
    const other2 = await create(suite.other, { name: nfc.normalize('NFD') });
    expect(other2.name).toBe(nfc);
  });

  it('the migration rewrites stored names to NFC, except one that would then collide', async () => {
    const o = suite.org.organization.id;
    const nfd = (s: string) => s.normalize('NFD');
    await suite.ctx.database.db.insert(schema.tags).values([
      { organizationId: o, name: nfd('Revisão antiga') },
      { organizationId: o, name: 'Peça trocada' },
      { organizationId: o, name: nfd('PEÇA TROCADA') },
    ]);
    const file = new URL(
      '../../../../../packages/db/migrations/20261124T1940_nfc_tag_and_status_names.sql',
      import.meta.url,
    );
    const statements = readFileSync(file, 'utf8')
      .replace(/^--.*$/gm, '')
      .split(';')
      .filter((s) => s.trim());
    for (const statement of statements) await suite.ctx.database.db.execute(sql.raw(statement));
    const names = async (name: string) =>
      (
        await suite.ctx.database.db
          .select({ name: schema.tags.name })
          .from(schema.tags)
          .where(and(eq(schema.tags.organizationId, o), eq(schema.tags.name, name)))
      ).length;
    expect(await names('Revisão antiga')).toBe(1);
    expect(await names(nfd('Revisão antiga'))).toBe(0);
    expect(await names('Peça trocada')).toBe(1);
    expect(await names(nfd('PEÇA TROCADA'))).toBe(1);
  });

  it('updates name and colour; a duplicate rename is a 422 that changes nothing', async () => {
    const a = await create(suite.org, { name: 'VIP', color: 'f2d600' });
    const put = await call(suite.org, suite.org.admin.token, 'PUT', `/${a.id}`, {
      name: 'Cliente VIP',
      color: '0079bf',
    });
    expect(put.json()).toEqual({ id: a.id, name: 'Cliente VIP', color: '0079bf' });
    await create(suite.org, { name: 'Garantia' });
    const dup = await call(suite.org, suite.org.admin.token, 'PUT', `/${a.id}`, { name: 'garantia', color: '0079bf' });
    expect(dup.statusCode).toBe(422);
    expect((await call(suite.org, suite.org.admin.token, 'GET', `/${a.id}`)).json().name).toBe('Cliente VIP');
  });

  it('paginates with the real total', async () => {
    const fresh = await createOrg(suite.ctx);
    for (const n of ['d', 'c', 'b', 'a']) await create(fresh, { name: n });
    const res = await call(fresh, fresh.admin.token, 'GET', '?take=3&skip=1');
    expect(res.json().meta).toEqual({ total: 4, skip: 1, take: 3 });
    expect(res.json().data.map((t: Tag) => t.name)).toEqual(['b', 'c', 'd']);
  });
});
