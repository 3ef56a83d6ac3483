import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pixSpec, pixSpecDocument, wholeValue } from './spec.ts';

// The kept specification is the Banco Central's file byte for byte; the corrections are made as it is
// read, and each is shown here.
describe('the API Pix specification the stand-in checks against', () => {
  it('is the official 2.9.0 file, unchanged', () => {
    const file = readFileSync(new URL('../../pix-api/openapi.yaml', import.meta.url));
    expect(createHash('sha256').update(file).digest('hex')).toBe(
      '4047ae07a639dea4c13cdb60f79e2b849b4825aa6ebebbe96938b9a22d9f1ca8',
    );
    expect(String(file)).toContain('version: "2.9.0"');
  });

  it('the CPF pattern written between slashes matches a CPF once read; patterns are whole-value rules', async () => {
    expect(wholeValue('/^\\d{11}$/')).toBe('^\\d{11}$');
    expect(wholeValue('[a-zA-Z0-9]{26,35}')).toBe('^(?:[a-zA-Z0-9]{26,35})$');
    expect(wholeValue('^[0-9A-Z]{14}$')).toBe('^[0-9A-Z]{14}$');
    const spec = await pixSpec();
    const body = { calendario: { expiracao: 60 }, valor: { original: '1.00' }, chave: 'x@y.com' };
    const txid = 'a'.repeat(30);
    expect(
      spec.check({
        method: 'PUT',
        path: `/cob/${txid}`,
        body: { ...body, devedor: { cpf: '52998224725', nome: 'Maria' } },
      }),
    ).toEqual([]);
    expect(
      spec.check({
        method: 'PUT',
        path: `/cob/${txid}`,
        body: { ...body, devedor: { cpf: '5299822472', nome: 'Maria' } },
      }),
    ).not.toEqual([]);
  });

  it('Pix Automático: the required names that are no property are dropped, so the specification’s own examples pass', async () => {
    const doc = pixSpecDocument() as unknown as {
      components: { schemas: Record<string, { required?: string[] }>; examples: Record<string, { value: unknown }> };
    };
    expect(doc.components.schemas.RecBase!.required).toEqual(['calendario', 'vinculo']);
    expect(doc.components.schemas.SolicRecBase!.required).toEqual(['calendario', 'idRec', 'destinatario']);
    const spec = await pixSpec();
    const example = (name: string) => doc.components.examples[name]!.value;
    const { loc: _loc, ativacao: _a, ...recBody1 } = example('recBody1') as Record<string, unknown>;
    expect(spec.check({ method: 'POST', path: '/rec', body: recBody1 })).toEqual([]);
    expect(spec.check({ method: 'POST', path: '/rec', body: example('recBody2') })).toEqual([]);
    expect(spec.check({ method: 'POST', path: '/solicrec', body: example('solicRecBody1') })).toEqual([]);
    // Still refused: what the schema does require, such as the recurrence's policy and the payer's account.
    const { politicaRetentativa: _p, ...noPolicy } = example('recBody2') as Record<string, unknown>;
    expect(spec.check({ method: 'POST', path: '/rec', body: noPolicy })).not.toEqual([]);
    const { destinatario: _d, ...noPayer } = example('solicRecBody1') as Record<string, unknown>;
    expect(spec.check({ method: 'POST', path: '/solicrec', body: noPayer })).not.toEqual([]);
  });

  it('every operation has an id; the payload locations served on another host are left out', () => {
    const doc = pixSpecDocument() as { paths: Record<string, Record<string, { operationId?: string }>> };
    expect(doc.paths['/cob/{txid}']!.put!.operationId).toBe('PUT /cob/{txid}');
    expect(doc.paths['/{pixUrlAccessToken}']!.get).toBeUndefined();
    expect(doc.paths['/cobv/{pixUrlAccessToken}']!.get).toBeUndefined();
    expect(doc.paths['/rec/{idRec}']!.get!.operationId).toBe('GET /rec/{idRec}');
  });

  it('finds an operation by method and path with its parameters and the scopes it needs', async () => {
    const spec = await pixSpec();
    expect(spec.match('GET', '/cobv/abc')).toEqual({
      operationId: 'GET /cobv/{txid}',
      params: { txid: 'abc' },
      scopes: ['cobv.read'],
    });
    expect(spec.match('POST', '/rec')?.operationId).toBe('POST /rec');
    expect(spec.match('GET', '/nada/aqui')).toBeNull();
  });
});
