import { describe, expect, it } from 'vitest';
import { isPixTxid, newPixTxid } from '@ordem-certa/contracts';
import { pixSpec } from '@ordem-certa/test-support/pix-psp-stand-in/spec';
import {
  cobBody,
  cobvBody,
  pixAmount,
  refundBody,
  removalBody,
  revisedAmountBody,
  revisedDueDateBody,
} from './charge-bodies.ts';

// The bodies the product sends, checked against the Banco Central's specification itself (the
// validator the stand-in PSP uses), so a body the PSPs would refuse fails here first.
const rules = {
  expiryDays: 7,
  finePercent: 2,
  interestPercentPerMonth: 1,
  discountPercent: 5,
  discountDaysBefore: 3,
  validityAfterDueDays: 30,
};
const txid = newPixTxid('OS123');
const person = { document: '52998224725', name: 'Maria da Silva' };
const company = { document: '11222333000181', name: 'Condomínio Edifício Boa Vista' };

const check = async (method: string, path: string, body: unknown) => (await pixSpec()).check({ method, path, body });

describe('txid', () => {
  it('is 26 to 35 letters and digits, nothing else', () => {
    expect(isPixTxid('a'.repeat(26))).toBe(true);
    expect(isPixTxid('Z9'.repeat(17) + 'x')).toBe(true);
    for (const bad of [
      'a'.repeat(25),
      'a'.repeat(36),
      `${'a'.repeat(30)}-`,
      `${'a'.repeat(30)} `,
      `ç${'a'.repeat(30)}`,
    ]) {
      expect(isPixTxid(bad), bad).toBe(false);
    }
  });

  it('a new one has 35 characters, keeps a readable prefix and is never the same twice', () => {
    const made = new Set(Array.from({ length: 2000 }, () => newPixTxid('OS-1234')));
    expect(made.size).toBe(2000);
    for (const t of made) {
      expect(isPixTxid(t)).toBe(true);
      expect(t).toHaveLength(35);
      expect(t.startsWith('OS1234')).toBe(true);
    }
    expect(isPixTxid(newPixTxid(''))).toBe(true);
  });

  it('the specification refuses a txid out of the rule on the path', async () => {
    const body = cobBody({
      chave: 'financeiro@oficina.com.br',
      cents: 100,
      expiryDays: 7,
      debtor: null,
      request: 'OS 1',
    });
    expect(await check('PUT', `/cob/${txid}`, body)).toEqual([]);
    expect((await check('PUT', `/cob/${'a'.repeat(25)}`, body)).map((v) => v.propriedade)).toEqual(['txid']);
    expect((await check('PUT', `/cobv/${'a'.repeat(36)}`, body)).map((v) => v.propriedade)).toContain('txid');
  });
});

describe('cob and cobv bodies', () => {
  it('an immediate charge, with a person, a company or no payer, is accepted by the specification', async () => {
    for (const debtor of [person, company, null]) {
      const body = cobBody({
        chave: '+5511987654321',
        cents: 185050,
        expiryDays: 7,
        debtor,
        request: 'Ordem de serviço nº 123 — Refrigeração Boa Vista',
        info: [['Ordem de serviço', '123']],
      });
      expect(body.valor.original).toBe('1850.50');
      expect(body.calendario.expiracao).toBe(7 * 86_400);
      expect(await check('PUT', `/cob/${txid}`, body)).toEqual([]);
    }
  });

  it('a charge with a due date carries fine, interest and discount the specification accepts', async () => {
    const body = cobvBody({
      chave: '11222333000181',
      cents: 50000,
      dueDate: '2031-03-10',
      debtor: company,
      rules,
      today: '2031-01-01',
      request: 'Parcela 2 de 3 da OS nº 123',
    });
    expect(body.valor).toEqual({
      original: '500.00',
      multa: { modalidade: 2, valorPerc: '2.00' },
      juros: { modalidade: 3, valorPerc: '1.00' },
      desconto: { modalidade: 2, descontoDataFixa: [{ data: '2031-03-07', valorPerc: '5.00' }] },
    });
    expect(await check('PUT', `/cobv/${txid}`, body)).toEqual([]);
    // No rules, and a discount date already past: only the amount.
    const plain = cobvBody({
      chave: 'x@y.com',
      cents: 1,
      dueDate: '2031-03-10',
      debtor: person,
      today: '2031-03-09',
      rules: { ...rules, finePercent: 0, interestPercentPerMonth: 0 },
      request: 'P',
    });
    expect(plain.valor).toEqual({ original: '0.01' });
    expect(await check('PUT', `/cobv/${txid}`, plain)).toEqual([]);
  });

  it('what the specification refuses is refused: a cobv without payer, a comma in the amount, a long request', async () => {
    const { devedor: _, ...withoutDebtor } = cobvBody({
      chave: 'x@y.com',
      cents: 100,
      dueDate: '2031-03-10',
      debtor: person,
      rules,
      today: '2031-01-01',
      request: 'P',
    });
    expect((await check('PUT', `/cobv/${txid}`, withoutDebtor)).map((v) => v.propriedade)).toContain('devedor');
    const cob = cobBody({ chave: 'x@y.com', cents: 100, expiryDays: 1, debtor: person, request: 'P' });
    expect(
      (await check('PUT', `/cob/${txid}`, { ...cob, valor: { original: '1,00' } })).map((v) => v.propriedade),
    ).toContain('valor.original');
    expect(
      (await check('PUT', `/cob/${txid}`, { ...cob, solicitacaoPagador: 'x'.repeat(141) })).map((v) => v.propriedade),
    ).toContain('solicitacaoPagador');
    expect((await check('PUT', `/cob/${txid}`, { ...cob, devedor: { cpf: '123', nome: 'X' } })).length).toBeGreaterThan(
      0,
    );
    // Texts longer than the specification allows are cut, not sent.
    const long = cobBody({
      chave: 'x@y.com',
      cents: 100,
      expiryDays: 1,
      debtor: { ...person, name: 'N'.repeat(300) },
      request: 'R'.repeat(300),
    });
    expect(await check('PUT', `/cob/${txid}`, long)).toEqual([]);
  });

  it('an instalment’s txid names the order and the instalment and keeps to the rule of a charge with a due date', async () => {
    const id = newPixTxid('OS123P2');
    expect(id).toMatch(/^OS123P2[A-Za-z0-9]{28}$/);
    const body = cobvBody({
      chave: 'x@y.com',
      cents: 100,
      dueDate: '2031-03-10',
      debtor: person,
      rules,
      today: '2031-01-01',
      request: 'P',
    });
    expect(await check('PUT', `/cobv/${id}`, body)).toEqual([]);
  });

  it('a new due date revises the calendar and the whole value; the specification accepts it', async () => {
    const body = cobvBody({
      chave: 'x@y.com',
      cents: 12000,
      dueDate: '2031-04-15',
      validityDays: 30,
      debtor: person,
      rules,
      today: '2031-01-01',
      request: 'P',
    });
    const revised = revisedDueDateBody(body);
    expect(revised).toEqual({
      calendario: { dataDeVencimento: '2031-04-15', validadeAposVencimento: 30 },
      valor: {
        original: '120.00',
        multa: { modalidade: 2, valorPerc: '2.00' },
        juros: { modalidade: 3, valorPerc: '1.00' },
        desconto: { modalidade: 2, descontoDataFixa: [{ data: '2031-04-12', valorPerc: '5.00' }] },
      },
    });
    expect(await check('PATCH', `/cobv/${txid}`, revised)).toEqual([]);
    expect(
      (await check('PATCH', `/cobv/${txid}`, { calendario: { dataDeVencimento: '15/04/2031' } })).length,
    ).toBeGreaterThan(0);
  });

  it('revision, removal and refund bodies are accepted', async () => {
    expect(await check('PATCH', `/cob/${txid}`, revisedAmountBody(12345))).toEqual([]);
    expect(await check('PATCH', `/cobv/${txid}`, revisedAmountBody(12345))).toEqual([]);
    expect(await check('PATCH', `/cob/${txid}`, removalBody())).toEqual([]);
    expect(await check('PATCH', `/cob/${txid}`, { status: 'CONCLUIDA' })).not.toEqual([]);
    expect(
      await check('PUT', `/pix/E18236120202601011200abcdefghijk/devolucao/D1`, refundBody(500, 'Devolução')),
    ).toEqual([]);
  });

  it('amounts are whole cents', () => {
    expect(pixAmount(1)).toBe('0.01');
    expect(pixAmount(100)).toBe('1.00');
    expect(pixAmount(999999999999)).toBe('9999999999.99');
    expect(() => pixAmount(0)).toThrow(RangeError);
    expect(() => pixAmount(1.5)).toThrow(RangeError);
  });
});
