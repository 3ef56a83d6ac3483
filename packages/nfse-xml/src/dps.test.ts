import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestA1, testDpsInput } from './testing.ts';
import { openA1, type A1Certificate } from './certificate.ts';
import { buildDps, dpsId, DpsInputError, issRateAllowed, type DpsInput } from './dps.ts';
import { signXml } from './sign.ts';
import { validateXml } from './validate.ts';

const fixture = (name: string) => readFileSync(new URL(`../test/fixtures/${name}`, import.meta.url), 'utf8');

/** The text of the first element of that name. */
const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

// Each schema check compiles the layout's schemas (about a second on a busy machine).
vi.setConfig({ testTimeout: 30_000 });

let cert: A1Certificate;
beforeAll(() => {
  cert = openA1(makeTestA1({ cnpj: '11222333000181', password: 'x' }), 'x');
});

describe('dpsId', () => {
  it('is DPS + municipality + 2 and the CNPJ + series and number left-padded: 45 characters', () => {
    const id = dpsId('3550308', { cnpj: '11.222.333/0001-81' }, '1', 42);
    expect(id).toBe(['DPS', '3550308', '2', '11222333000181', '00001', '000000000000042'].join(''));
    expect(id).toHaveLength(45);
  });

  it('matches the Ids of both official samples (a CNPJ is kind 2)', () => {
    expect(dpsId('1400159', { cnpj: '01761135000132' }, '900', 6)).toBe(
      'DPS140015920176113500013200900000000000000006',
    );
    expect(dpsId('4202404', { cnpj: '00000000000000' }, '00007', 2)).toBe(
      'DPS420240420000000000000000007000000000000002',
    );
  });

  it('pads a CPF to 14 digits with kind 1', () => {
    expect(dpsId('3550308', { cpf: '123.456.789-09' }, '12345', 999_999_999_999_999)).toBe(
      ['DPS', '3550308', '1', '00012345678909', '12345', '999999999999999'].join(''),
    );
  });

  it('refuses parts that do not fit', () => {
    expect(() => dpsId('355030', { cnpj: '11222333000181' }, '1', 1)).toThrow(DpsInputError);
    expect(() => dpsId('3550308', { cnpj: '1122233300018' }, '1', 1)).toThrow(/14 digits/);
    expect(() => dpsId('3550308', {}, '1', 1)).toThrow(/CNPJ or a CPF/);
    expect(() => dpsId('3550308', { cnpj: '11222333000181' }, '123456', 1)).toThrow(/series/);
    expect(() => dpsId('3550308', { cnpj: '11222333000181' }, 'A1', 1)).toThrow(/series/);
    expect(() => dpsId('3550308', { cnpj: '11222333000181' }, '1', 0)).toThrow(/number/);
    expect(() => dpsId('3550308', { cnpj: '11222333000181' }, '1', 1.5)).toThrow(/number/);
    expect(() => dpsId('3550308', { cnpj: '11222333000181' }, '1', 1e15)).toThrow(/number/);
  });
});

describe('the official samples of layout 1.00 (notes issued before 1.01 are still read)', () => {
  it('both validate against DPS_v1.00.xsd, the version they declare', async () => {
    expect(await validateXml(fixture('sample-dps-simples.xml'), 'DPS')).toEqual([]);
    expect(await validateXml(fixture('sample-dps-regime-normal.xml'), 'DPS')).toEqual([]);
  });

  it('a broken DPS gives readable errors with the line', async () => {
    const broken = fixture('sample-dps-simples.xml')
      .replace('<tpAmb>2</tpAmb>', '<tpAmb>7</tpAmb>')
      .replace('<cTribNac>010101</cTribNac>', '');
    const errors = await validateXml(broken, 'DPS');
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^line 4: .*Element 'tpAmb'.*'7'/);
    expect(errors[1]).toMatch(/Element 'xDescServ'.*Expected is \( cTribNac \)/);
    const unreadable = await validateXml('<DPS versao="1.00"', 'DPS');
    expect(unreadable[0]).toMatch(/^line 1: parser error/);
  });
});

describe('buildDps', () => {
  it('builds a Simples Nacional DPS of layout 1.01 that validates once signed', async () => {
    const { id, xml } = buildDps(testDpsInput({ values: { serviceCents: 25_000, unconditionalDiscountCents: 1_050 } }));
    expect(id).toBe('DPS355030821122233300018100001000000000000001');
    expect(xml).toContain(`<DPS xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01"><infDPS Id="${id}">`);
    expect(tag(xml, 'tpAmb')).toBe('2');
    // 13:45:30.250Z in São Paulo (no daylight saving since 2019): seconds, no fraction, the offset.
    expect(tag(xml, 'dhEmi')).toBe('2026-11-20T10:45:30-03:00');
    expect(tag(xml, 'serie')).toBe('1');
    expect(tag(xml, 'nDPS')).toBe('1');
    expect(tag(xml, 'dCompet')).toBe('2026-11-20');
    expect(tag(xml, 'tpEmit')).toBe('1');
    expect(xml).toContain(
      '<prest><CNPJ>11222333000181</CNPJ><IM>1234567</IM><fone>1133334444</fone><email>oficina@example.com.br</email>' +
        '<regTrib><opSimpNac>3</opSimpNac><regApTribSN>1</regApTribSN><regEspTrib>0</regEspTrib></regTrib></prest>',
    );
    expect(xml).toContain(
      '<toma><CPF>12345678909</CPF><xNome>Maria da Silva</xNome><end><endNac><cMun>3550308</cMun><CEP>01310100</CEP></endNac>' +
        '<xLgr>Avenida Paulista</xLgr><nro>1000</nro><xCpl>Apto 12</xCpl><xBairro>Bela Vista</xBairro></end>' +
        '<fone>11987654321</fone><email>maria@example.com</email></toma>',
    );
    expect(tag(xml, 'cTribNac')).toBe('140101');
    expect(tag(xml, 'vServ')).toBe('250.00');
    expect(xml).toContain('<vDescCondIncond><vDescIncond>10.50</vDescIncond></vDescCondIncond>');
    expect(xml).toContain('<tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN></tribMun>');
    expect(await validateXml(xml, 'DPS')).toEqual([]);
    expect(await validateXml(signXml(xml, cert, 'infDPS'), 'DPS')).toEqual([]);
  });

  it('builds a normal-regime DPS (rate given, approximate taxes) that validates once signed', async () => {
    const input = testDpsInput({
      environment: 'production',
      series: '00007',
      number: 123_456,
      provider: { cnpj: '11222333000181', simplesNacional: 1, specialRegime: 0 },
      taker: { cnpj: '11.444.777/0001-61', name: 'Transportes Rápidos S/A' },
      values: {
        serviceCents: 1_234_567,
        issRate: 2.5,
        approximateTaxes: { federal: 13.45, state: 0, municipal: 2.5 },
      },
    });
    const { id, xml } = buildDps(input);
    expect(id).toBe('DPS355030821122233300018100007000000000123456');
    expect(tag(xml, 'tpAmb')).toBe('1');
    expect(tag(xml, 'serie')).toBe('00007');
    expect(xml).toContain(
      '<prest><CNPJ>11222333000181</CNPJ><regTrib><opSimpNac>1</opSimpNac><regEspTrib>0</regEspTrib></regTrib></prest>',
    );
    expect(xml).toContain('<toma><CNPJ>11444777000161</CNPJ><xNome>Transportes Rápidos S/A</xNome></toma>');
    expect(tag(xml, 'vServ')).toBe('12345.67');
    expect(xml).not.toContain('vDescCondIncond');
    // Layout 1.01 puts pAliq after tpRetISSQN.
    expect(xml).toContain('<tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>1</tpRetISSQN><pAliq>2.50</pAliq></tribMun>');
    expect(xml).toContain(
      '<totTrib><pTotTrib><pTotTribFed>13.45</pTotTribFed><pTotTribEst>0.00</pTotTribEst><pTotTribMun>2.50</pTotTribMun></pTotTrib></totTrib>',
    );
    expect(await validateXml(signXml(xml, cert, 'infDPS'), 'DPS')).toEqual([]);
  });

  it('states the taxes the way each regime may (indTotTrib only for a MEI, pTotTribSN only for ME/EPP)', async () => {
    const normal = buildDps(
      testDpsInput({ provider: { cnpj: '11222333000181', simplesNacional: 1, specialRegime: 0 } }),
    );
    expect(normal.xml).toContain('<pTotTrib><pTotTribFed>0.00</pTotTribFed>');
    const mei = buildDps(testDpsInput({ provider: { cnpj: '11222333000181', simplesNacional: 2, specialRegime: 0 } }));
    expect(mei.xml).toContain('<totTrib><indTotTrib>0</indTotTrib></totTrib>');
    expect(mei.xml).not.toContain('regApTribSN');
    const sn = buildDps(testDpsInput({ values: { serviceCents: 100, simplesNacionalRate: 6 } }));
    expect(sn.xml).toContain('<totTrib><pTotTribSN>6.00</pTotTribSN></totTrib>');
    const normalWithSnRate = buildDps(
      testDpsInput({
        provider: { cnpj: '11222333000181', simplesNacional: 1, specialRegime: 0 },
        values: { serviceCents: 100, simplesNacionalRate: 6 },
      }),
    );
    expect(normalWithSnRate.xml).not.toContain('pTotTribSN');
    for (const { xml } of [normal, mei, sn, normalWithSnRate]) expect(await validateXml(xml, 'DPS')).toEqual([]);
  });

  it('writes pAliq only where the national rules admit a rate', () => {
    const withRate = (provider: Partial<DpsInput['provider']>) =>
      buildDps(
        testDpsInput({
          provider: { cnpj: '11222333000181', simplesNacional: 3, specialRegime: 0, ...provider },
          values: { serviceCents: 100, issRate: 3 },
        }),
      ).xml.includes('<pAliq>3.00</pAliq>');
    expect(withRate({ simplesNacional: 1 })).toBe(true);
    expect(withRate({ simplesNacional: 3, regApTribSN: 2 })).toBe(true);
    expect(withRate({ simplesNacional: 3, regApTribSN: 3 })).toBe(true);
    expect(withRate({ simplesNacional: 3, regApTribSN: 1 })).toBe(false); // E0625/E0631
    expect(withRate({ simplesNacional: 3, regApTribSN: null })).toBe(false);
    expect(withRate({ simplesNacional: 2 })).toBe(false); // E0600
    expect(withRate({ simplesNacional: 1, specialRegime: 6 })).toBe(false); // E0604
    expect(issRateAllowed({ cnpj: '', simplesNacional: 1, specialRegime: 0 })).toBe(true);
    expect(() =>
      buildDps(
        testDpsInput({
          provider: { cnpj: '11222333000181', simplesNacional: 1, specialRegime: 0 },
          values: { serviceCents: 100, issRate: 5.01 },
        }),
      ),
    ).toThrow(/at most 5/);
  });

  it('refuses a special regime for a MEI or an ME/EPP paying the ISS in the Simples', () => {
    expect(() =>
      buildDps(testDpsInput({ provider: { cnpj: '11222333000181', simplesNacional: 2, specialRegime: 5 } })),
    ).toThrow(DpsInputError);
    expect(() =>
      buildDps(testDpsInput({ provider: { cnpj: '11222333000181', simplesNacional: 3, specialRegime: 3 } })),
    ).toThrow(DpsInputError);
    const other = buildDps(
      testDpsInput({ provider: { cnpj: '11222333000181', simplesNacional: 1, specialRegime: 6 } }),
    );
    expect(tag(other.xml, 'regEspTrib')).toBe('6');
  });

  it('escapes and cleans text, cuts the description at 2000 characters and drops what is missing', async () => {
    const input = testDpsInput({
      taker: {
        cnpj: '11444777000161',
        name: 'Oficina <Irmãos> & “Filhos” 😀',
        phone: '123',
        email: 'not an e-mail',
        address: {
          ibgeCode: '3550308',
          postalCode: '01310-100',
          street: 'Rua "A" & B',
          number: '  ',
          complement: null,
          neighborhood: 'Centro',
        },
      },
      service: {
        municipalityCode: '3550308',
        serviceCode: '140101',
        description: `Troca de <filtro> & óleo\r\n${'x'.repeat(2100)}`,
      },
    });
    const { xml } = buildDps(input);
    expect(xml).toContain('<xNome>Oficina &lt;Irmãos&gt; &amp; &quot;Filhos&quot;</xNome>');
    expect(xml).toContain(
      '<end><endNac><cMun>3550308</cMun><CEP>01310100</CEP></endNac><xLgr>Rua &quot;A&quot; &amp; B</xLgr><nro>S/N</nro>' +
        '<xBairro>Centro</xBairro></end></toma>',
    );
    const description = /<xDescServ>([^<]*)<\/xDescServ>/.exec(xml)![1]!;
    const text = description.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    expect(text.startsWith('Troca de <filtro> & óleo\nxxx')).toBe(true);
    expect(text).toHaveLength(2000);
    expect(await validateXml(xml, 'DPS')).toEqual([]);
  });

  it('leaves the taker out without CPF or CNPJ, and the address without street, neighbourhood, IBGE code or CEP', async () => {
    const anonymous = buildDps(testDpsInput({ taker: { name: 'Consumidor' } }));
    expect(anonymous.xml).not.toContain('<toma>');
    const noStreet = buildDps(
      testDpsInput({
        taker: {
          cpf: '12345678909',
          name: 'Maria',
          address: { ibgeCode: '3550308', postalCode: '01310100', street: '', number: '1', neighborhood: 'Centro' },
        },
      }),
    );
    expect(noStreet.xml).toContain('<toma><CPF>12345678909</CPF><xNome>Maria</xNome></toma>');
    // Layout 1.01 requires endNac (or endExt) in an address: without IBGE code and CEP there is none.
    const noCodes = buildDps(
      testDpsInput({
        taker: {
          cpf: '12345678909',
          name: 'Maria',
          address: { ibgeCode: '', postalCode: '', street: 'Rua A', number: '1', neighborhood: 'Centro' },
        },
      }),
    );
    expect(noCodes.xml).toContain('<toma><CPF>12345678909</CPF><xNome>Maria</xNome></toma>');
    expect(await validateXml(noCodes.xml, 'DPS')).toEqual([]);
    expect(await validateXml(anonymous.xml, 'DPS')).toEqual([]);
    expect(() => buildDps(testDpsInput({ taker: { cpf: '1234', name: 'Maria' } }))).toThrow(/incomplete/);
  });

  it('writes dhEmi with the offset of the zone at that instant', () => {
    const at = (timeZone: string, issuedAt = new Date('2026-11-20T13:45:30Z')) =>
      tag(buildDps(testDpsInput({ timeZone, issuedAt })).xml, 'dhEmi');
    expect(at('America/Manaus')).toBe('2026-11-20T09:45:30-04:00');
    expect(at('America/Noronha')).toBe('2026-11-20T11:45:30-02:00');
    expect(at('UTC')).toBe('2026-11-20T13:45:30+00:00');
    // 2018-11-20: São Paulo still had daylight saving time.
    expect(
      tag(
        buildDps(testDpsInput({ issuedAt: new Date('2018-11-20T13:45:30Z'), competence: '2018-11-20' })).xml,
        'dhEmi',
      ),
    ).toBe('2018-11-20T11:45:30-02:00');
    expect(() => at('Mars/Olympus')).toThrow(/time zone/);
    expect(() => at('Asia/Kolkata')).toThrow(/offset/);
  });

  it('refuses values, codes and dates the national system would refuse', () => {
    const bad = (over: Partial<DpsInput>) => () => buildDps(testDpsInput(over));
    expect(bad({ values: { serviceCents: 0 } })).toThrow(/positive/);
    expect(bad({ values: { serviceCents: 100, unconditionalDiscountCents: 101 } })).toThrow(/discount/);
    expect(bad({ series: '50000' })).toThrow(/49999/);
    expect(bad({ competence: '2026-11-21' })).toThrow(/E0015/);
    expect(bad({ competence: '2026-02-30' })).toThrow(/competence/);
    expect(bad({ service: { municipalityCode: '3550308', serviceCode: '14.01', description: 'x' } })).toThrow(
      /6 digits/,
    );
    expect(bad({ service: { municipalityCode: '3550308', serviceCode: '140101', description: ' 😀 ' } })).toThrow(
      /description/,
    );
  });
});
