import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { readNfse } from './nfse-read.ts';
import { validateXml } from './validate.ts';

vi.setConfig({ testTimeout: 30_000 });

const fixture = (name: string) => readFileSync(new URL(`../test/fixtures/${name}`, import.meta.url), 'utf8');

describe('readNfse', () => {
  it("reads the layout's 1.01 sample: key, number, parties, values and IBS/CBS", () => {
    const n = readNfse(fixture('sample-nfse-1.01-ibscbs.xml'));
    expect(n).toMatchObject({
      version: '1.01',
      accessKey: '42024042200000000000000000000000000126031234567892',
      number: '1',
      processedAt: '2026-03-10T10:00:05-03:00',
      status: '100',
      environment: 2,
      emitterMunicipality: 'Blumenau',
      serviceCodeDescription: 'Análise e desenvolvimento de sistemas.',
      provider: {
        federalId: '00000000000000',
        municipalRegistration: '152422',
        name: 'EMPRESA PRESTADORA DE TESTE LTDA',
        address: {
          street: 'RUA DE TESTE',
          number: '100',
          municipalityCode: '4202404',
          state: 'SC',
          postalCode: '89010000',
        },
      },
      taker: { federalId: '00000000000000', name: 'EMPRESA TOMADORA DE TESTE LTDA', address: null },
      dps: {
        id: 'DPS420240420000000000000000007000000000000001',
        series: '00007',
        number: '1',
        competence: '2026-03-10',
        serviceCode: '010101',
        nbsCode: '115022000',
        description: 'Desenvolvimento de sistema sob encomenda',
        replacesKey: null,
      },
      values: {
        serviceCents: 100_000,
        baseCents: 100_000,
        issRate: 2,
        issCents: 2_000,
        issWithheld: false,
        withheldCents: 0,
        netCents: 100_000,
      },
      ibsCbs: {
        baseCents: 100_000,
        ibsStateRate: 0.1,
        cbsRate: 0.9,
        ibsCents: 100,
        cbsCents: 900,
        totalCents: 100_000,
      },
    });
  });

  it('reads an NFS-e of layout 1.00 (issued before 1.01) the same way', async () => {
    const dps = fixture('sample-dps-simples.xml').replace(/^<\?xml[^>]*\?>\s*/, '');
    const nfse =
      '<?xml version="1.0" encoding="UTF-8"?><NFSe xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.00">' +
      `<infNFSe Id="NFS${'1'.repeat(50)}"><xLocEmi>Boa Vista</xLocEmi><xLocPrestacao>Boa Vista</xLocPrestacao>` +
      '<nNFSe>7</nNFSe><xTribNac>Serviço</xTribNac><verAplic>x</verAplic><ambGer>2</ambGer><tpEmis>1</tpEmis>' +
      '<procEmi>1</procEmi><cStat>100</cStat><dhProc>2022-09-28T13:50:30-03:00</dhProc><nDFSe>7</nDFSe>' +
      '<emit><CNPJ>01761135000132</CNPJ><xNome>Prestador</xNome><enderNac><xLgr>Rua</xLgr><nro>1</nro>' +
      '<xBairro>Centro</xBairro><cMun>1400159</cMun><UF>RR</UF><CEP>69301000</CEP></enderNac></emit>' +
      `<valores><vBC>990000000.00</vBC><vLiq>989999990.01</vLiq></valores>${dps}</infNFSe></NFSe>`;
    // Valid against 1.00 but for the signature the schema requires.
    expect(await validateXml(nfse, 'NFSe')).toEqual([expect.stringMatching(/Expected is \( ds:Signature \)/)]);
    const n = readNfse(nfse);
    expect(n).toMatchObject({
      version: '1.00',
      number: '7',
      provider: { federalId: '01761135000132', address: { state: 'RR' } },
      taker: null,
      dps: { series: '900', number: '6' },
      values: {
        serviceCents: 99_999_999_999,
        unconditionalDiscountCents: 999_999_999,
        conditionalDiscountCents: 999,
        netCents: 98_999_999_001,
        issCents: null,
      },
      ibsCbs: null,
    });
  });

  it('refuses a document without infNFSe', () => {
    expect(() => readNfse('<DPS/>')).toThrow(/infNFSe/);
  });
});
