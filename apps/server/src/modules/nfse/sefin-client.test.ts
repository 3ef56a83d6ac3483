import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasOpenssl, makeTestA1, opensslA1, testDpsInput } from '@ordem-certa/nfse-xml/testing';
import {
  CertificateError,
  openA1,
  type A1Certificate,
  buildDps,
  type DpsInput,
  buildCancelEvent,
  signXml,
  verifyXmlSignature,
  validateXml,
} from '@ordem-certa/nfse-xml';
import {
  findNfseByDpsId,
  gunzipBase64,
  gzipBase64,
  postDps,
  postEvent,
  SefinUnavailableError,
} from './sefin-client.ts';
import { startSefinStandIn } from '@ordem-certa/test-support/sefin-stand-in';

const PASSWORD = 'senha-do-a1';
let pfx: Buffer;
let cert: A1Certificate;
let standIn: { url: string; close(): Promise<void> };

beforeAll(async () => {
  pfx = makeTestA1({ cnpj: '11222333000181', password: PASSWORD, name: 'OFICINA BOA LTDA' });
  cert = openA1(pfx, PASSWORD);
  standIn = await startSefinStandIn();
});
afterAll(() => standIn.close());

let nextNumber = 100;
function signedDps(over: Partial<DpsInput> = {}): { id: string; xml: string } {
  const { id, xml } = buildDps(
    testDpsInput({ number: nextNumber++, issuedAt: new Date(), competence: today(), ...over }),
  );
  return { id, xml: signXml(xml, cert, 'infDPS') };
}
const today = () => new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);
const send = (signedXml: string) => postDps({ baseUrl: standIn.url, pfx, password: PASSWORD, signedXml });

describe('postDps against the stand-in', () => {
  it('201: the NFS-e with its key, number and date, valid and signed', async () => {
    const dps = signedDps({ values: { serviceCents: 25_000, unconditionalDiscountCents: 1_000 } });
    const answer = await send(dps.xml);
    if (!answer.ok) throw new Error(JSON.stringify(answer));
    expect(answer.accessKey).toMatch(/^3550308221122233300018\d{28}$/);
    expect(answer.number).toMatch(/^[1-9]\d*$/);
    expect(Math.abs(answer.issuedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(answer.nfseXml).toContain(`<infNFSe Id="NFS${answer.accessKey}">`);
    expect(answer.nfseXml).toContain(`<nNFSe>${answer.number}</nNFSe>`);
    expect(answer.nfseXml).toContain('<xNome>OFICINA BOA LTDA</xNome>');
    expect(answer.nfseXml).toContain('<vLiq>240.00</vLiq>');
    // The DPS goes inside the NFS-e as it was signed.
    expect(answer.nfseXml).toContain(dps.xml.replace(/^<\?xml[^>]*\?>/, ''));
    expect(await validateXml(answer.nfseXml, 'NFSe')).toEqual([]);
    expect(verifyXmlSignature(answer.nfseXml)).toBe(true);
  });

  it('a refused DPS returns the codes (E0999 when the description asks for it)', async () => {
    const answer = await send(
      signedDps({ service: { municipalityCode: '3550308', serviceCode: '140101', description: 'Teste REJEITAR' } }).xml,
    );
    expect(answer).toEqual({ ok: false, status: 400, errors: [{ code: 'E0999', message: expect.any(String) }] });
  });

  it('the same DPS twice is refused with E0014', async () => {
    const dps = signedDps();
    expect((await send(dps.xml)).ok).toBe(true);
    const again = await send(dps.xml);
    expect(again).toMatchObject({ ok: false, status: 400, errors: [{ code: 'E0014' }] });
  });

  it('after a lost answer, finds the NFS-e made from a DPS Id (and 404 for one never sent)', async () => {
    const dps = signedDps();
    const sent = await send(dps.xml);
    if (!sent.ok) throw new Error(JSON.stringify(sent));
    const found = await findNfseByDpsId({ baseUrl: standIn.url, pfx, password: PASSWORD, dpsId: dps.id });
    expect(found).toEqual(sent);
    const never = signedDps();
    expect(await findNfseByDpsId({ baseUrl: standIn.url, pfx, password: PASSWORD, dpsId: never.id })).toMatchObject({
      ok: false,
      status: 404,
      errors: [{ code: 'E9404' }],
    });
  });

  it('an unsigned, altered or invalid DPS is refused', async () => {
    const unsigned = buildDps(testDpsInput({ number: nextNumber++, issuedAt: new Date(), competence: today() }));
    expect(await send(unsigned.xml)).toMatchObject({ ok: false, errors: [{ code: 'E0717' }] });
    const altered = signedDps().xml.replace('<vServ>250.00</vServ>', '<vServ>25.00</vServ>');
    expect(await send(altered)).toMatchObject({ ok: false, errors: [{ code: 'E0714' }] });
    const invalid = signedDps().xml.replace('<tpAmb>2</tpAmb>', '<tpAmb>3</tpAmb>');
    const refused = await send(invalid);
    expect(refused).toMatchObject({ ok: false, errors: [{ code: 'RNG6110' }] });
    expect(refused.ok ? '' : refused.errors[0]!.message).toMatch(/tpAmb/);
  });

  it('the stand-in checks gzip and base64 and answers in the service’s JSON shape', async () => {
    const post = (body: unknown) =>
      fetch(`${standIn.url}/nfse`, { method: 'POST', body: JSON.stringify(body) }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { erros: Array<{ Codigo: string; Descricao: string }> },
      }));
    const notGzip = await post({ dpsXmlGZipB64: Buffer.from('<DPS/>').toString('base64') });
    expect(notGzip.status).toBe(400);
    expect(notGzip.body.erros[0]!.Codigo).toBe('E9002');
    expect((await post({ dpsXmlGZipB64: 'não é base64!' })).body.erros[0]!.Codigo).toBe('E9002');
    expect((await post({})).body.erros[0]!.Codigo).toBe('E9001');
  });
});

describe('postEvent against the stand-in', () => {
  it('cancels an NFS-e once; a second cancellation and an unknown key are refused', async () => {
    const issued = await send(signedDps().xml);
    if (!issued.ok) throw new Error(JSON.stringify(issued));
    const event = (accessKey: string) =>
      signXml(
        buildCancelEvent({
          environment: 'homologation',
          accessKey,
          providerCnpj: '11222333000181',
          reason: 'Serviço lançado em duplicidade',
          reasonCode: 1,
          at: new Date(),
          timeZone: 'America/Sao_Paulo',
        }).xml,
        cert,
        'infPedReg',
      );
    const call = (accessKey: string, signedXml = event(accessKey)) =>
      postEvent({ baseUrl: standIn.url, pfx, password: PASSWORD, accessKey, signedXml });

    const cancelled = await call(issued.accessKey);
    if (!cancelled.ok) throw new Error(JSON.stringify(cancelled));
    expect(cancelled.eventXml).toContain(`<infEvento Id="EVT${issued.accessKey}101101001">`);
    expect(cancelled.eventXml).toContain('<e101101><xDesc>Cancelamento de NFS-e</xDesc><cMotivo>1</cMotivo>');
    expect(await validateXml(cancelled.eventXml, 'evento')).toEqual([]);
    expect(verifyXmlSignature(cancelled.eventXml)).toBe(true);

    expect(await call(issued.accessKey)).toMatchObject({ ok: false, status: 400, errors: [{ code: 'E9005' }] });
    const unknown = '9'.repeat(50);
    expect(await call(unknown)).toMatchObject({ ok: false, errors: [{ code: 'E9003' }] });
    // A request for another NFS-e than the address names.
    expect(await call(issued.accessKey, event(unknown))).toMatchObject({ ok: false, errors: [{ code: 'E9004' }] });
  });
});

/** A local http server answering every request with `answer`. */
async function fakeServer(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const server = http.createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('postDps answers and failures', () => {
  it('sends the DPS gzipped and base64-encoded as JSON to /nfse and reads a real-shaped 201', async () => {
    let received: { path?: string; type?: string; xml?: string } = {};
    const nfse =
      `<NFSe xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.00"><infNFSe Id="NFS${'1'.repeat(50)}">` +
      '<nNFSe>77</nNFSe><dhProc>2026-11-25T10:00:01-03:00</dhProc></infNFSe></NFSe>';
    const server = await fakeServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received = {
          path: req.url,
          type: req.headers['content-type'],
          xml: gunzipBase64((JSON.parse(body) as { dpsXmlGZipB64: string }).dpsXmlGZipB64),
        };
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            tipoAmbiente: 2,
            versaoAplicativo: 'x',
            dataHoraProcessamento: '2026-11-25T10:00:01.2716862-03:00',
            idDps: 'DPS',
            chaveAcesso: '2'.repeat(50),
            nfseXmlGZipB64: gzipBase64(nfse),
          }),
        );
      });
    });
    try {
      const answer = await postDps({
        baseUrl: `${server.url}/SefinNacional/`,
        pfx,
        password: PASSWORD,
        signedXml: '<DPS/>',
      });
      expect(received).toEqual({ path: '/SefinNacional/nfse', type: 'application/json', xml: '<DPS/>' });
      expect(answer).toEqual({
        ok: true,
        accessKey: '2'.repeat(50),
        number: '77',
        issuedAt: new Date('2026-11-25T13:00:01Z'),
        nfseXml: nfse,
      });
    } finally {
      await server.close();
    }
  });

  it('reads the documented and the sent error shapes, and a 4xx that is not JSON', async () => {
    const bodies: Array<[number, string]> = [
      [400, JSON.stringify({ erros: [{ Codigo: 'E0008', Descricao: 'Data futura', Complemento: 'dhEmi' }] })],
      [400, JSON.stringify({ erros: [{ codigo: 'E0010', descricao: 'Série fora da faixa' }] })],
      [400, JSON.stringify({ erro: { codigo: 'E1235', descricao: 'Evento não permitido' } })],
      [403, 'Forbidden'],
    ];
    let i = 0;
    const server = await fakeServer((_req, res) => {
      const [status, body] = bodies[i++]!;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    });
    try {
      const call = () => postDps({ baseUrl: server.url, pfx, password: PASSWORD, signedXml: '<DPS/>' });
      expect(await call()).toEqual({
        ok: false,
        status: 400,
        errors: [{ code: 'E0008', message: 'Data futura (dhEmi)' }],
      });
      expect(await call()).toEqual({
        ok: false,
        status: 400,
        errors: [{ code: 'E0010', message: 'Série fora da faixa' }],
      });
      expect(
        await postEvent({ baseUrl: server.url, pfx, password: PASSWORD, accessKey: '1'.repeat(50), signedXml: '<x/>' }),
      ).toEqual({ ok: false, status: 400, errors: [{ code: 'E1235', message: 'Evento não permitido' }] });
      expect(await call()).toEqual({ ok: false, status: 403, errors: [{ code: 'HTTP403', message: 'Forbidden' }] });
    } finally {
      await server.close();
    }
  });

  it('throws on 5xx, 429, on a closed port and on no answer within the time-out', async () => {
    const statuses = [503, 500, 429];
    const failing = await fakeServer((_req, res) => {
      res.writeHead(statuses.shift()!, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ erros: [{ Codigo: 'X', Descricao: 'Indisponível' }] }));
    });
    const silent = await fakeServer(() => {});
    const closed = await fakeServer(() => {});
    await closed.close();
    try {
      const call = (baseUrl: string, timeoutMs?: number) =>
        postDps({ baseUrl, pfx, password: PASSWORD, signedXml: '<DPS/>', timeoutMs });
      await expect(call(failing.url)).rejects.toMatchObject({ name: 'SefinUnavailableError', status: 503 });
      await expect(call(failing.url)).rejects.toMatchObject({ name: 'SefinUnavailableError', status: 500 });
      await expect(call(failing.url)).rejects.toMatchObject({ name: 'SefinUnavailableError', status: 429 });
      await expect(call(closed.url)).rejects.toThrow(SefinUnavailableError);
      const started = Date.now();
      await expect(call(silent.url, 300)).rejects.toThrow(/no answer within 300 ms/);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await failing.close();
      await silent.close();
    }
  });
});

/** A TLS server for 127.0.0.1 (self-signed) that demands a client certificate issued by `clientCa`. */
async function mutualTlsServer(clientCa: string) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const key = forge.pki.privateKeyFromPem(keyPem);
  const serverCert = forge.pki.createCertificate();
  serverCert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  serverCert.serialNumber = '02';
  serverCert.validity.notBefore = new Date(Date.now() - 3600_000);
  serverCert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  serverCert.setSubject([{ shortName: 'CN', value: 'sefin.local' }]);
  serverCert.setIssuer([{ shortName: 'CN', value: 'sefin.local' }]);
  serverCert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }]);
  serverCert.sign(key, forge.md.sha256.create());
  const certPem = forge.pki.certificateToPem(serverCert);
  const clients: string[] = [];
  const server = https.createServer(
    { key: keyPem, cert: certPem, requestCert: true, rejectUnauthorized: true, ca: [clientCa] },
    (req, res) => {
      clients.push((req.socket as TLSSocket).getPeerCertificate().subject.CN as string);
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ erros: [{ Codigo: 'E0001', Descricao: 'recebido' }] }));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    certPem,
    clients,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('mutual TLS', () => {
  it('presents the A1 as client certificate; a server that does not know it refuses the connection', async () => {
    const server = await mutualTlsServer(cert.certificatePem);
    try {
      const answer = await postDps({
        baseUrl: server.url,
        pfx,
        password: PASSWORD,
        signedXml: '<DPS/>',
        ca: server.certPem,
      });
      expect(answer).toEqual({ ok: false, status: 400, errors: [{ code: 'E0001', message: 'recebido' }] });
      expect(server.clients).toEqual(['OFICINA BOA LTDA:11222333000181']);

      const stranger = makeTestA1({ cnpj: '11444777000161', password: 'outra' });
      await expect(
        postDps({ baseUrl: server.url, pfx: stranger, password: 'outra', signedXml: '<DPS/>', ca: server.certPem }),
      ).rejects.toThrow(SefinUnavailableError);
      // Without the server's certificate among the trusted ones, the client does not talk to it.
      await expect(postDps({ baseUrl: server.url, pfx, password: PASSWORD, signedXml: '<DPS/>' })).rejects.toThrow(
        /self-signed|self signed/,
      );
      expect(server.clients).toHaveLength(1);
      // A wrong password is the certificate's error, before any connection.
      await expect(
        postDps({ baseUrl: server.url, pfx, password: 'errada', signedXml: '<DPS/>', ca: server.certPem }),
      ).rejects.toThrow(CertificateError);
    } finally {
      await server.close();
    }
  });

  it.skipIf(!hasOpenssl())(
    'works with an A1 encrypted the legacy way (RC2), which Node cannot read as pfx',
    async () => {
      const { legacy, certificatePem } = opensslA1({
        cn: 'OFICINA ANTIGA LTDA:11222333000181',
        password: 'velha',
        days: 2,
      });
      expect(() => https.createServer({ pfx: legacy, passphrase: 'velha' })).toThrow(/Unsupported PKCS12/);
      const server = await mutualTlsServer(certificatePem);
      try {
        const answer = await postDps({
          baseUrl: server.url,
          pfx: legacy,
          password: 'velha',
          signedXml: '<DPS/>',
          ca: server.certPem,
        });
        expect(answer.ok).toBe(false);
        expect(server.clients).toEqual(['OFICINA ANTIGA LTDA:11222333000181']);
      } finally {
        await server.close();
      }
    },
  );
});
