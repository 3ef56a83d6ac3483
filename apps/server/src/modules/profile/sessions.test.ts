import { describe, expect, it } from 'vitest';
import { addUser, perFile, type TestOrg } from '../../../test/helpers.ts';
import { testOutbox } from '../../../test/outbox.ts';
import { ROLE_USER } from '@ordem-certa/contracts';

// Sessions: every login opens one, the token names it, and ending it refuses that token at its next
// request. The profile lists the open ones and the last sign-ins and failures.
const outbox = testOutbox('sessions-outbox');
const t = perFile({ app: { mailer: outbox.mailer }, other: true });

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let ip = 0;
const login = (email: string, userAgent: string, password = 'senha-forte-1', address = `10.72.0.${++ip % 250}`) =>
  t.ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: address,
  });
const call = (o: TestOrg, token: string, method: 'GET' | 'DELETE', path = '/sessions') =>
  t.ctx.app.inject({ method, url: `/api/organizations/${o.organization.id}/profile${path}`, headers: o.as(token) });

let seq = 0;
async function person() {
  const email = `sessao-${Date.now().toString(36)}-${++seq}@teste.com.br`;
  const user = await addUser(t.ctx, t.org.organization.id, { name: 'Caio Sessão', email, role: ROLE_USER });
  const token = async (ua: string) => {
    const res = await login(email, ua);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  };
  return { ...user, email, token };
}

describe('sessions', () => {
  it('401 without a token', async () => {
    for (const [method, path] of [
      ['GET', '/sessions'],
      ['DELETE', '/sessions'],
      ['DELETE', '/sessions/1'],
      ['GET', '/sign-ins'],
    ] as const) {
      const res = await t.ctx.app.inject({ method, url: `/api/organizations/${t.org.organization.id}/profile${path}` });
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('lists the open sessions with browser, system and address, this one marked', async () => {
    const p = await person();
    const chrome = await p.token(CHROME_LINUX);
    await p.token(SAFARI_IPHONE);
    const res = await call(t.org, chrome, 'GET');
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta.total).toBe(2);
    expect(
      data.map((s: { browser: string; system: string; current: boolean }) => [s.browser, s.system, s.current]).sort(),
    ).toEqual([
      ['Chrome', 'Linux', true],
      ['Safari', 'iOS', false],
    ]);
    expect(data[0].ip).toMatch(/^10\.72\./);
  });

  it("a revoked session's token gets 401 at its next request; the others keep working", async () => {
    const p = await person();
    const mine = await p.token(CHROME_LINUX);
    const phone = await p.token(SAFARI_IPHONE);
    const me = (token: string) => t.ctx.app.inject({ method: 'GET', url: '/api/me', headers: t.org.as(token) });
    expect((await me(phone)).statusCode).toBe(200);
    const phoneSession = (await call(t.org, mine, 'GET')).json().data.find((s: { current: boolean }) => !s.current);
    expect((await call(t.org, mine, 'DELETE', `/sessions/${phoneSession.id}`)).statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(mine)).statusCode).toBe(200);
    // Already ended, or someone else's: 404.
    expect((await call(t.org, mine, 'DELETE', `/sessions/${phoneSession.id}`)).statusCode).toBe(404);
    const stranger = await person();
    const theirs = await stranger.token(FIREFOX_WINDOWS);
    const theirId = (await call(t.org, theirs, 'GET')).json().data[0].id;
    expect((await call(t.org, mine, 'DELETE', `/sessions/${theirId}`)).statusCode).toBe(404);
    expect((await me(theirs)).statusCode).toBe(200);
  });

  it("'Sair de todos os outros' ends every session but this one", async () => {
    const p = await person();
    const mine = await p.token(CHROME_LINUX);
    const others = [await p.token(SAFARI_IPHONE), await p.token(FIREFOX_WINDOWS)];
    const res = await call(t.org, mine, 'DELETE');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const token of others) {
      expect((await t.ctx.app.inject({ method: 'GET', url: '/api/me', headers: t.org.as(token) })).statusCode).toBe(
        401,
      );
    }
    expect((await call(t.org, mine, 'GET')).json().meta.total).toBe(1);
  });

  it('a saved profile keeps its session: the new token names the same one', async () => {
    const p = await person();
    const mine = await p.token(CHROME_LINUX);
    const saved = await t.ctx.app.inject({
      method: 'PUT',
      url: `/api/organizations/${t.org.organization.id}/profile`,
      headers: t.org.as(mine),
      payload: { name: 'Caio Novo', email: p.email },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = (await call(t.org, saved.json().token, 'GET')).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0].current).toBe(true);
  });

  it('shows the last sign-ins and failures with address and time', async () => {
    const p = await person();
    await login(p.email, FIREFOX_WINDOWS, 'senha-errada', '10.72.9.9');
    const token = await p.token(CHROME_LINUX);
    // The failure is written after its answer: wait for it.
    let data: Array<{ outcome: string; ip: string; browser: string; createdAt: string }> = [];
    for (let i = 0; i < 100 && data.length < 2; i++) {
      data = (await call(t.org, token, 'GET', '/sign-ins')).json().data;
      if (data.length < 2) await new Promise((r) => setTimeout(r, 50));
    }
    expect(data.map((e) => e.outcome).sort()).toEqual(['success', 'wrong_password']);
    const failure = data.find((e) => e.outcome === 'wrong_password')!;
    expect(failure).toMatchObject({ ip: '10.72.9.9', browser: 'Firefox' });
    expect(Date.parse(failure.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a sign-in from a new browser e-mails the user; the same browser again does not', async () => {
    const p = await person();
    await p.token(CHROME_LINUX);
    await p.token(CHROME_LINUX.replace('131.0.0.0', '132.0.0.0'));
    expect(outbox.mailsTo(p.email)).toHaveLength(0);
    await p.token(SAFARI_IPHONE);
    const [mail] = await outbox.waitFor(p.email, 1);
    expect(mail).toContain('Safari no iOS');
  });
});
