import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { layoutVersionOf, validateXml } from './validate.ts';

// Each schema check compiles the layout's schemas (about a second on a busy machine).
vi.setConfig({ testTimeout: 30_000 });

const fixture = (name: string) => readFileSync(new URL(`../test/fixtures/${name}`, import.meta.url), 'utf8');
const schemaFile = (name: string) => readFileSync(new URL(`../schemas/1.01/${name}`, import.meta.url), 'utf8');

describe('the schemas of layout 1.01', () => {
  it("validate the layout's own NFS-e sample with IBSCBS (its DPS inside) and the minimal DPS", async () => {
    expect(await validateXml(fixture('sample-nfse-1.01-ibscbs.xml'), 'NFSe')).toEqual([]);
    expect(await validateXml(fixture('sample-dps-1.01-minimal.xml'), 'DPS')).toEqual([]);
  });

  it('the series pattern is the published one less its "^" and "$", and still refuses a wrong series', async () => {
    // What was changed in the copy, and nothing else in that type.
    const simple = schemaFile('tiposSimples_v1.01.xsd');
    expect(simple).toContain('the published pattern is "^0{0,4}\\d{1,5}$"');
    expect(simple).toContain('<xs:pattern value="0{0,4}\\d{1,5}"/>');
    const dps = fixture('sample-dps-1.01-minimal.xml');
    for (const good of ['900', '7', '00007', '49999']) {
      expect(await validateXml(dps.replace('<serie>900</serie>', `<serie>${good}</serie>`), 'DPS')).toEqual([]);
    }
    for (const bad of ['A1', '123456', '^7$', '', '9 0', '-1']) {
      const errors = await validateXml(dps.replace('<serie>900</serie>', `<serie>${bad}</serie>`), 'DPS');
      expect(errors.length, bad).toBeGreaterThan(0);
      expect(errors.join(' '), bad).toMatch(/Element 'serie'/);
    }
  });

  it('the signature schema admits rsa-sha1/sha1 and rsa-sha256/sha256, and no other algorithm', async () => {
    const nfse = fixture('sample-nfse-1.01-ibscbs.xml');
    const sha1 = nfse
      .replace('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256', 'http://www.w3.org/2000/09/xmldsig#rsa-sha1')
      .replace('http://www.w3.org/2001/04/xmlenc#sha256', 'http://www.w3.org/2000/09/xmldsig#sha1');
    expect(await validateXml(sha1, 'NFSe')).toEqual([]);
    const md5 = nfse.replace('http://www.w3.org/2001/04/xmlenc#sha256', 'http://www.w3.org/2001/04/xmldsig-more#md5');
    expect((await validateXml(md5, 'NFSe')).join(' ')).toMatch(/ds:DigestMethod.*Algorithm/);
  });

  it('refuses what 1.01 changed: a taker address without endNac', async () => {
    // The 1.00 regime-normal sample's taker address starts with xLgr.
    const oldSample = fixture('sample-dps-regime-normal.xml').replace('versao="1.00"', 'versao="1.01"');
    expect((await validateXml(oldSample, 'DPS')).join(' ')).toMatch(/xLgr/);
  });
});

describe('layoutVersionOf', () => {
  it("reads the root's versao; unknown or missing is null", () => {
    expect(layoutVersionOf(fixture('sample-dps-simples.xml'))).toBe('1.00');
    expect(layoutVersionOf(fixture('sample-nfse-1.01-ibscbs.xml'))).toBe('1.01');
    expect(layoutVersionOf('<DPS xmlns="x" versao="2.00"/>')).toBeNull();
    expect(layoutVersionOf('<DPS/>')).toBeNull();
  });

  it('a document of 1.00 is checked against 1.00, unless told', async () => {
    const old = fixture('sample-dps-regime-normal.xml');
    expect(await validateXml(old, 'DPS')).toEqual([]);
    expect((await validateXml(old, 'DPS', '1.01')).length).toBeGreaterThan(0);
  });
});
