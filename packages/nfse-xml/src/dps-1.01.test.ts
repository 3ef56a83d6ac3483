import { beforeAll, describe, expect, it, vi } from 'vitest';
import { hasXmlsec1, makeTestA1, testDpsInput, xmlsec1Verify } from './testing.ts';
import { openA1, type A1Certificate } from './certificate.ts';
import { buildDps, DpsInputError, type DpsInput } from './dps.ts';
import { signXml, verifyXmlSignature } from './sign.ts';
import { validateXml } from './validate.ts';

// The DPS of layout 1.01 for each kind of company and taker the product issues for: each validates
// against the 1.01 schemas once signed, its signature verifies, and the same document with one wrong
// value is refused by the schema (so the check is not one that always passes).

vi.setConfig({ testTimeout: 30_000 });

let cert: A1Certificate;
beforeAll(() => {
  cert = openA1(makeTestA1({ cnpj: '11222333000181', password: 'x' }), 'x');
});

const normal = { cnpj: '11222333000181', simplesNacional: 1 as const, specialRegime: 0 };
const companyTaker = {
  cnpj: '11444777000161',
  name: 'Condomínio Edifício Aurora',
  address: {
    ibgeCode: '3550308',
    postalCode: '04538-132',
    street: 'Avenida Brigadeiro Faria Lima',
    number: '3477',
    neighborhood: 'Itaim Bibi',
  },
};

/** Signs, validates and verifies the DPS; then swaps `good` for `bad` and expects the schema to refuse it. */
async function validAndRefusedAfter(input: DpsInput, good: string, bad: string, element: string) {
  const { xml } = buildDps(input);
  const signed = signXml(xml, cert, 'infDPS');
  expect(await validateXml(signed, 'DPS')).toEqual([]);
  expect(verifyXmlSignature(signed)).toBe(true);
  if (hasXmlsec1()) expect(xmlsec1Verify(signed, cert.certificatePem, 'infDPS')).toBe(true);
  expect(signed).toContain(good);
  const wrong = signed.replace(good, bad);
  expect(wrong).not.toBe(signed);
  const errors = await validateXml(wrong, 'DPS');
  expect(errors.length).toBeGreaterThan(0);
  expect(errors.join(' ')).toContain(`Element '${element}'`);
  // And the signature no longer holds over the changed content.
  expect(verifyXmlSignature(wrong)).toBe(false);
  return signed;
}

describe('DPS layout 1.01', () => {
  it('Simples Nacional (ME/EPP): regApTribSN, no rate, pTotTribSN', async () => {
    const signed = await validAndRefusedAfter(
      testDpsInput({ values: { serviceCents: 45_000, simplesNacionalRate: 6 } }),
      '<opSimpNac>3</opSimpNac>',
      '<opSimpNac>4</opSimpNac>',
      'opSimpNac',
    );
    expect(signed).toContain('<regTrib><opSimpNac>3</opSimpNac><regApTribSN>1</regApTribSN><regEspTrib>0</regEspTrib>');
    expect(signed).toContain('<tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN></tribMun>');
    expect(signed).toContain('<totTrib><pTotTribSN>6.00</pTotTribSN></totTrib>');
    expect(signed).not.toContain('tribFed');
  });

  it('normal regime with the ISS withheld by the taker: tpRetISSQN 2 and the rate after it', async () => {
    const signed = await validAndRefusedAfter(
      testDpsInput({
        provider: normal,
        taker: companyTaker,
        values: { serviceCents: 150_000, issRate: 2, withholdings: { iss: true } },
      }),
      '<tpRetISSQN>2</tpRetISSQN>',
      '<tpRetISSQN>4</tpRetISSQN>',
      'tpRetISSQN',
    );
    expect(signed).toContain(
      '<tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>2</tpRetISSQN><pAliq>2.00</pAliq></tribMun>',
    );
    expect(signed).toContain('<toma><CNPJ>11444777000161</CNPJ><xNome>Condomínio Edifício Aurora</xNome><end><endNac>');
  });

  it('with federal withholdings: PIS/COFINS with their 1.01 retention code, CP, IRRF and CSLL as amounts', async () => {
    const signed = await validAndRefusedAfter(
      testDpsInput({
        provider: normal,
        taker: companyTaker,
        values: {
          serviceCents: 123_456,
          unconditionalDiscountCents: 3_455,
          withholdings: { pis: 0.65, cofins: 3, csll: 1, irrf: 1.5, cp: 11 },
        },
      }),
      '<tpRetPisCofins>3</tpRetPisCofins>',
      '<tpRetPisCofins>10</tpRetPisCofins>',
      'tpRetPisCofins',
    );
    // Base R$ 1.200,01; each amount rounded half up on its own.
    expect(signed).toContain(
      '<tribFed><piscofins><CST>01</CST><vBCPisCofins>1200.01</vBCPisCofins><pAliqPis>0.65</pAliqPis>' +
        '<pAliqCofins>3.00</pAliqCofins><vPis>7.80</vPis><vCofins>36.00</vCofins><tpRetPisCofins>3</tpRetPisCofins>' +
        '</piscofins><vRetCP>132.00</vRetCP><vRetIRRF>18.00</vRetIRRF><vRetCSLL>12.00</vRetCSLL></tribFed>',
    );
    // tribFed sits between tribMun and totTrib.
    expect(signed).toMatch(/<\/tribMun><tribFed>.*<\/tribFed><totTrib>/);
  });

  it('only IRRF withheld: no piscofins group; only PIS and COFINS: code 4 and no CSLL', async () => {
    const irrf = buildDps(
      testDpsInput({ provider: normal, values: { serviceCents: 100_000, withholdings: { irrf: 1.5 } } }),
    );
    expect(irrf.xml).toContain('<tribFed><vRetIRRF>15.00</vRetIRRF></tribFed>');
    const pisCofins = buildDps(
      testDpsInput({ provider: normal, values: { serviceCents: 100_000, withholdings: { pis: 0.65, cofins: 3 } } }),
    );
    expect(pisCofins.xml).toContain('<tpRetPisCofins>4</tpRetPisCofins></piscofins></tribFed>');
    for (const d of [irrf, pisCofins]) expect(await validateXml(d.xml, 'DPS')).toEqual([]);
  });

  it('with IBSCBS: the operation indicator, the destination (the taker), CST and cClassTrib, last in infDPS', async () => {
    const signed = await validAndRefusedAfter(
      testDpsInput({
        provider: normal,
        taker: companyTaker,
        values: { serviceCents: 100_000 },
        ibsCbs: { operationIndicator: '100301', cst: '000', classification: '000001' },
      }),
      '<CST>000</CST>',
      '<CST>00</CST>',
      'CST',
    );
    expect(signed).toContain(
      '</valores><IBSCBS><finNFSe>0</finNFSe><cIndOp>100301</cIndOp><indDest>0</indDest>' +
        '<valores><trib><gIBSCBS><CST>000</CST><cClassTrib>000001</cClassTrib></gIBSCBS></trib></valores></IBSCBS></infDPS>',
    );
  });

  it('IBSCBS with another destination and final consumption: indDest 1 and dest', async () => {
    const { xml } = buildDps(
      testDpsInput({
        ibsCbs: {
          operationIndicator: '100301',
          cst: '000',
          classification: '000001',
          finalConsumer: true,
          destination: { cpf: '52998224725', name: 'José Destinatário' },
        },
      }),
    );
    expect(xml).toContain(
      '<IBSCBS><finNFSe>0</finNFSe><indFinal>1</indFinal><cIndOp>100301</cIndOp><indDest>1</indDest>' +
        '<dest><CPF>52998224725</CPF><xNome>José Destinatário</xNome></dest>',
    );
    expect(await validateXml(xml, 'DPS')).toEqual([]);
    expect(() =>
      buildDps(testDpsInput({ ibsCbs: { operationIndicator: '1003', cst: '000', classification: '000001' } })),
    ).toThrow(DpsInputError);
  });

  it('the substitution group: subst with chSubstda, cMotivo and xMotivo right after cLocEmi', async () => {
    const replaced = '35503082211222333000181000000000000126117458721680';
    const signed = await validAndRefusedAfter(
      testDpsInput({
        number: 2,
        substitution: { accessKey: replaced, reasonCode: '99', reason: 'Valor do serviço digitado errado' },
      }),
      '<cMotivo>99</cMotivo>',
      '<cMotivo>06</cMotivo>',
      'cMotivo',
    );
    expect(signed).toContain(
      `<cLocEmi>3550308</cLocEmi><subst><chSubstda>${replaced}</chSubstda><cMotivo>99</cMotivo>` +
        '<xMotivo>Valor do serviço digitado errado</xMotivo></subst><prest>',
    );
    const noText = buildDps(testDpsInput({ substitution: { accessKey: replaced, reasonCode: '05' } }));
    expect(noText.xml).toContain(`<subst><chSubstda>${replaced}</chSubstda><cMotivo>05</cMotivo></subst>`);
    const bad = (substitution: DpsInput['substitution']) => () => buildDps(testDpsInput({ substitution }));
    expect(bad({ accessKey: '123', reasonCode: '99', reason: 'Motivo longo o bastante' })).toThrow(/50 digits/);
    expect(bad({ accessKey: replaced, reasonCode: '99' })).toThrow(/says why/);
    expect(bad({ accessKey: replaced, reasonCode: '01', reason: 'curto' })).toThrow(/15 characters/);
  });

  it('refuses withholdings the national system refuses: from a MEI, the ISS without a taker', () => {
    expect(() =>
      buildDps(
        testDpsInput({
          provider: { cnpj: '11222333000181', simplesNacional: 2, specialRegime: 0 },
          values: { serviceCents: 100, withholdings: { irrf: 1.5 } },
        }),
      ),
    ).toThrow(/MEI/);
    expect(() =>
      buildDps(
        testDpsInput({ taker: { name: 'Consumidor' }, values: { serviceCents: 100, withholdings: { iss: true } } }),
      ),
    ).toThrow(/identified taker/);
  });

  it('an ME/EPP in the Simples with the ISS withheld writes its rate (the one withheld)', () => {
    const { xml } = buildDps(
      testDpsInput({ values: { serviceCents: 10_000, issRate: 3.5, withholdings: { iss: true } } }),
    );
    expect(xml).toContain('<tpRetISSQN>2</tpRetISSQN><pAliq>3.50</pAliq>');
    const notWithheld = buildDps(testDpsInput({ values: { serviceCents: 10_000, issRate: 3.5 } }));
    expect(notWithheld.xml).not.toContain('pAliq');
  });
});
