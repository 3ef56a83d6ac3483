import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPixTxid, readBrCode } from '@ordem-certa/contracts';
import { mutualTlsCertificates } from '@ordem-certa/test-support/pix-psp-stand-in/certificates';
import { startPixStandIn, type PixStandIn } from '@ordem-certa/test-support/pix-psp-stand-in';
import { cobBody, cobvBody, refundBody, removalBody, revisedAmountBody } from './charge-bodies.ts';
import { forgetToken, PspError, pspClient, type PspConnection } from './psp-client.ts';

// The API Pix client against the stand-in PSP, which checks every request against the specification:
// after each test, not one request the client sent broke it.
let psp: PixStandIn;
let connection: PspConnection;
const fast = { timeoutMs: 2000, retries: 2, retryDelayMs: 10 };
const chave = 'financeiro@oficina.com.br';
const rules = {
  expiryDays: 7,
  finePercent: 2,
  interestPercentPerMonth: 1,
  discountPercent: 5,
  discountDaysBefore: 3,
  validityAfterDueDays: 30,
};

beforeAll(async () => {
  psp = await startPixStandIn();
  connection = { baseUrl: psp.baseUrl, tokenUrl: psp.tokenUrl, clientId: psp.clientId, clientSecret: psp.clientSecret };
});
afterAll(async () => {
  expect(psp.violations()).toEqual([]);
  await psp.close();
});

const cob = (cents = 12345) =>
  cobBody({ chave, cents, expiryDays: 7, debtor: { document: '52998224725', name: 'Maria' }, request: 'OS nº 1' });

describe('the API Pix client', () => {
  it('creates a charge whose copy-and-paste code points at its location, reads, revises and removes it', async () => {
    const client = pspClient(connection, fast);
    const txid = newPixTxid('OS1');
    const made = await client.putCob('cob', txid, cob());
    expect(made).toMatchObject({ txid, status: 'ATIVA', revisao: 0, valor: { original: '123.45' } });
    expect(readBrCode(made.pixCopiaECola!)['26.25']).toBe(made.location);
    expect((await client.patchCob('cob', txid, revisedAmountBody(20000))).valor.original).toBe('200.00');
    expect((await client.getCob('cob', txid)).revisao).toBe(1);
    expect((await client.patchCob('cob', txid, removalBody())).status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    client.close();
  });

  it('makes a charge with a due date', async () => {
    const client = pspClient(connection, fast);
    const body = cobvBody({
      chave,
      cents: 50000,
      dueDate: '2099-01-10',
      debtor: { document: '11222333000181', name: 'Condomínio' },
      rules,
      today: '2099-01-01',
      request: 'Parcela 1 de 2',
    });
    const made = await client.putCob('cobv', newPixTxid('P1'), body);
    expect(made.status).toBe('ATIVA');
    expect(made.calendario.dataDeVencimento).toBe('2099-01-10');
    client.close();
  });

  it('keeps its token until it expires, and a 401 (token revoked) renews it once', async () => {
    forgetToken(connection);
    const client = pspClient(connection, fast);
    const before = psp.tokensIssued;
    await client.putCob('cob', newPixTxid('T'), cob());
    await pspClient(connection, fast).putCob('cob', newPixTxid('T'), cob());
    expect(psp.tokensIssued - before).toBe(1);
    psp.revokeTokens();
    const txid = newPixTxid('T');
    await client.putCob('cob', txid, cob());
    expect(psp.tokensIssued - before).toBe(2);
    // The refused request and its repetition with the new token.
    const last = psp.requests.slice(-2);
    expect(last.map((r) => [r.path, r.status])).toEqual([
      [`/cob/${txid}`, 401],
      [`/cob/${txid}`, 201],
    ]);
    client.close();
  });

  it('wrong credentials: a pt-BR message that never quotes the secret', async () => {
    const client = pspClient({ ...connection, clientSecret: 'segredo-errado-123' }, fast);
    const err = await client.token().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PspError);
    expect((err as PspError).message).toContain('recusou as credenciais');
    expect(JSON.stringify(err)).not.toContain('segredo-errado-123');
    expect((err as PspError).message).not.toContain('segredo-errado-123');
  });

  it("the PSP's RFC 7807 problem reaches the user in pt-BR, with the fields it refused", async () => {
    const client = pspClient(connection, fast);
    const err = (await client
      .putCob('cob', newPixTxid('Z'), { ...cob(), valor: { original: '0.00' } })
      .catch((e: unknown) => e)) as PspError;
    expect(err.status).toBe(400);
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(/^O PSP recusou a cobrança/);
    expect(err.message).toContain('cob.valor.original');
    client.close();
  });

  it('5xx and a PSP that does not answer are retried with back-off; past the retries, a pt-BR error', async () => {
    const client = pspClient(connection, fast);
    psp.failNext(2, 500);
    const txid = newPixTxid('R');
    expect((await client.putCob('cob', txid, cob())).txid).toBe(txid);
    psp.failNext(1, 'hang');
    expect((await client.getCob('cob', txid)).txid).toBe(txid);
    psp.failNext(3, 503);
    const err = (await client.getCob('cob', txid).catch((e: unknown) => e)) as PspError;
    expect(err.retryable).toBe(true);
    expect(err.message).toBe('O PSP está indisponível no momento (HTTP 503)');
    psp.failNext(3, 'hang');
    const late = (await pspClient(connection, { ...fast, timeoutMs: 200 })
      .getCob('cob', txid)
      .catch((e: unknown) => e)) as PspError;
    expect(late.message).toBe('O PSP não respondeu em 0 s');
    client.close();
  });

  it('lists every page of the Pix received, and a refund up to the amount paid', async () => {
    const client = pspClient(connection, fast);
    const start = new Date(Date.now() - 1000);
    for (let i = 0; i < 130; i++) psp.state.receive({ valor: '1.00', chave });
    const all = await client.allPix(start, new Date(Date.now() + 1000));
    expect(all.length).toBeGreaterThanOrEqual(130);
    expect(new Set(all.map((p) => p.endToEndId)).size).toBe(all.length);
    const paid = all[0]!;
    expect((await client.putRefund(paid.endToEndId, 'D1', refundBody(60))).status).toBe('EM_PROCESSAMENTO');
    const over = (await client.putRefund(paid.endToEndId, 'D2', refundBody(50)).catch((e: unknown) => e)) as PspError;
    expect(over.message).toMatch(/^O PSP recusou a devolução/);
    await psp.settleRefunds();
    expect((await client.getRefund(paid.endToEndId, 'D1')).status).toBe('DEVOLVIDO');
    client.close();
  });

  it('registers the webhook; a paid charge is POSTed to its URL + /pix', async () => {
    const received: unknown[] = [];
    const hook = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ path: req.url, body: JSON.parse(body) });
        res.end();
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/api/pix/webhook/abc`;
    const client = pspClient(connection, fast);
    await client.putWebhook(chave, url);
    expect((await client.getWebhook(chave)).webhookUrl).toBe(url);
    const txid = newPixTxid('W');
    await client.putCob('cob', txid, cob(999));
    const pix = await psp.pay(txid);
    expect(received).toEqual([
      {
        path: '/api/pix/webhook/abc/pix',
        body: { pix: [expect.objectContaining({ txid, valor: '9.99', endToEndId: pix!.endToEndId })] },
      },
    ]);
    const confirmed = await client.getCob('cob', txid);
    expect(confirmed.status).toBe('CONCLUIDA');
    expect(confirmed.pix?.[0]?.endToEndId).toBe(pix!.endToEndId);
    client.close();
    await new Promise((r) => hook.close(r));
  });
});

describe('mutual TLS', () => {
  it('on https the client presents the PKCS#12 certificate; without it the PSP refuses the connection', async () => {
    const certs = mutualTlsCertificates();
    const secure = await startPixStandIn({ tls: { ...certs.server, ca: certs.caPem } });
    try {
      const base = {
        baseUrl: secure.baseUrl,
        tokenUrl: secure.tokenUrl,
        clientId: secure.clientId,
        clientSecret: secure.clientSecret,
        ca: certs.caPem,
      };
      const client = pspClient({ ...base, certificate: { pfx: certs.clientPfx, password: certs.password } }, fast);
      expect((await client.putCob('cob', newPixTxid('M'), cob())).status).toBe('ATIVA');
      client.close();
      const err = (await pspClient(base, { ...fast, retries: 0 })
        .token()
        .catch((e: unknown) => e)) as PspError;
      expect(err).toBeInstanceOf(PspError);
      expect(err.message).toMatch(/mTLS|conectar/);
      expect(secure.violations()).toEqual([]);
    } finally {
      await secure.close();
    }
  });
});

describe('the stand-in PSP', () => {
  it('refuses a request that breaks the specification with its violations, and says so', async () => {
    const strict = await startPixStandIn();
    try {
      const client = pspClient(
        {
          baseUrl: strict.baseUrl,
          tokenUrl: strict.tokenUrl,
          clientId: strict.clientId,
          clientSecret: strict.clientSecret,
        },
        fast,
      );
      const err = (await client
        .putCob('cob', 'curto', { chave, valor: { original: '1,00' } })
        .catch((e: unknown) => e)) as PspError;
      expect(err.status).toBe(400);
      expect(err.message).toContain('txid');
      expect(err.message).toContain('valor.original');
      expect(err.message).toContain('calendario');
      expect(strict.violations().map((r) => r.path)).toEqual(['/cob/curto']);
      const unknown = (await client.call('GET', '/nada').catch((e: unknown) => e)) as PspError;
      expect(unknown.status).toBe(404);
      client.close();
    } finally {
      await strict.close();
    }
  });
});
