import { describe, expect, it } from 'vitest';
import { profileMessages, userMessages } from '@ordem-certa/contracts';
import { loginFromNewAddress, type TestOrg } from '../../../test/helpers.ts';
import { registerApi, twoOrganizations } from '../../../test/register-tests.ts';
import { PNG_1x1 } from '../../../test/factories.ts';

const suite = twoOrganizations();

const PNG = `data:image/png;base64,${PNG_1x1.toString('base64')}`;
/** PNG magic bytes and nothing behind them: it does not decode. */
const FAKE_PNG = `data:image/png;base64,${Buffer.from('\x89PNG\r\n\x1a\nfake-but-well-formed').toString('base64')}`;
const { call } = registerApi(suite, (o) => `/api/organizations/${o.organization.id}/profile`);
let seq = 0;
const login = (username: string, password: string) => loginFromNewAddress(suite.ctx, username, password);

/** A fresh collaborator with a known password and token. */
async function person(o: TestOrg = suite.org) {
  const email = `perfil-${Date.now().toString(36)}-${++seq}@teste.com.br`;
  const res = await suite.ctx.app.inject({
    method: 'POST',
    url: `/api/admin/organizations/${o.organization.id}/users`,
    headers: o.as(o.admin.token),
    payload: { name: 'Helena Perfil', role: 'ROLE_USER', email, plainPassword: 'senha-antiga' },
  });
  expect(res.statusCode).toBe(201);
  const token = (await login(email, 'senha-antiga')).json().token as string;
  return { id: res.json().id as number, email, token };
}
type Person = Awaited<ReturnType<typeof person>>;

/** `p` saves their profile (name, their own e-mail) with a change of password from `oldPassword` to `newPassword`. */
const changePassword = (p: Person, name: string, oldPassword: string, newPassword: string) =>
  call(suite.org, p.token, 'PUT', '', { name, email: p.email, oldPassword, newPassword });

describe('profile: access', () => {
  it('401 without a token on every route', async () => {
    expect((await call(suite.org, null, 'GET')).statusCode).toBe(401);
    expect((await call(suite.org, null, 'PUT', '', { name: 'X', email: 'x@x.com' })).statusCode).toBe(401);
    expect((await call(suite.org, null, 'POST', '/sign', { signature: PNG })).statusCode).toBe(401);
  });

  it("403 for another organization's path", async () => {
    const res = await call(suite.other, suite.org.worker.token, 'GET');
    expect(res.statusCode).toBe(403);
    const sign = await call(suite.other, suite.org.worker.token, 'POST', '/sign', { signature: PNG });
    expect(sign.statusCode).toBe(403);
  });

  it('any user, a collaborator too, reads their own profile (never another one)', async () => {
    const me = await call(suite.org, suite.org.worker.token, 'GET');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ name: 'Colaborador Teste', email: suite.org.worker.email, signature: null });
    expect((await call(suite.org, suite.org.admin.token, 'GET')).json().email).toBe(suite.org.admin.email);
  });
});

describe('profile: data and password', () => {
  it('changes name and e-mail with the current password, answers a token carrying them; the password stays', async () => {
    const p = await person();
    const newEmail = p.email.replace('perfil-', 'novo-');
    const withoutPassword = await call(suite.org, p.token, 'PUT', '', { name: 'Helena Souza', email: newEmail });
    expect(withoutPassword.statusCode).toBe(422);
    expect(withoutPassword.json().errors).toEqual({ oldPassword: [profileMessages.oldPasswordForEmail] });
    // The name alone needs no password and keeps the session.
    expect((await call(suite.org, p.token, 'PUT', '', { name: 'Helena Souza', email: p.email })).statusCode).toBe(200);
    expect((await call(suite.org, p.token, 'GET')).statusCode).toBe(200);
    const res = await call(suite.org, p.token, 'PUT', '', {
      name: 'Helena Souza',
      email: newEmail,
      oldPassword: 'senha-antiga',
    });
    expect(res.statusCode).toBe(200);
    // Sessions opened before the change end; the token answered works.
    expect((await call(suite.org, p.token, 'GET')).statusCode).toBe(401);
    expect((await call(suite.org, res.json().token, 'GET')).statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Helena Souza', email: newEmail, signature: null });
    const claims = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: String(p.id), name: 'Helena Souza', email: newEmail, roles: ['ROLE_USER'] });
    expect((await login(newEmail, 'senha-antiga')).statusCode).toBe(200);
    expect((await login(p.email, 'senha-antiga')).statusCode).toBe(401);
  });

  it('changes the password with the right old one; the new one logs in, the old one no longer', async () => {
    const p = await person();
    const res = await changePassword(p, 'Helena Perfil', 'senha-antiga', 'senha-nova-123');
    expect(res.statusCode).toBe(200);
    expect((await login(p.email, 'senha-nova-123')).statusCode).toBe(200);
    expect((await login(p.email, 'senha-antiga')).statusCode).toBe(401);
    expect((await call(suite.org, p.token, 'GET')).statusCode).toBe(401);
    expect((await call(suite.org, res.json().token, 'GET')).statusCode).toBe(200);
  });

  it('422 on oldPassword when it is wrong; nothing changes, the name neither', async () => {
    const p = await person();
    const res = await changePassword(p, 'Outro Nome', 'errada-123', 'senha-nova-123');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ oldPassword: [profileMessages.wrongOldPassword] });
    expect((await login(p.email, 'senha-antiga')).statusCode).toBe(200);
    expect((await call(suite.org, p.token, 'GET')).json().name).toBe('Helena Perfil');
  });

  it('422 on newPassword when shorter than 8 characters, with the pt-BR message', async () => {
    const p = await person();
    const res = await changePassword(p, 'Helena', 'senha-antiga', '1234567');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ newPassword: ['Este valor é muito curto. Deve ter 8 caracteres ou mais.'] });
    expect(userMessages.passwordTooShort).toBe('Este valor é muito curto. Deve ter 8 caracteres ou mais.');
  });

  it('422: a new password without the old one, name and e-mail rules; an e-mail of another organization is not named as taken', async () => {
    const p = await person();
    const noOld = await call(suite.org, p.token, 'PUT', '', {
      name: 'H',
      email: p.email,
      newPassword: 'senha-nova-123',
    });
    expect(noOld.json().errors).toEqual({ oldPassword: [profileMessages.oldPasswordNeeded] });
    // The current password alone (no new one) keeps the password.
    const noNew = await call(suite.org, p.token, 'PUT', '', { name: 'H', email: p.email, oldPassword: 'senha-antiga' });
    expect(noNew.statusCode).toBe(200);
    const bad = await call(suite.org, p.token, 'PUT', '', { name: '', email: 'nao-e-email' });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name']);
    const current = { name: 'H', oldPassword: 'senha-antiga' };
    const taken = await call(suite.org, p.token, 'PUT', '', { ...current, email: suite.org.admin.email });
    expect(taken.json().errors).toEqual({ email: [userMessages.emailUnavailable] });
    const elsewhere = await call(suite.org, p.token, 'PUT', '', { ...current, email: suite.other.admin.email });
    expect(elsewhere.body).toBe(taken.body);
    expect(JSON.stringify(elsewhere.json())).not.toContain('em uso');
    expect((await login(p.email, 'senha-antiga')).statusCode).toBe(200);
  });
});

describe('profile: signature', () => {
  it('saves a PNG data URL and shows it on the profile', async () => {
    const p = await person();
    const res = await call(suite.org, p.token, 'POST', '/sign', { signature: PNG });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signature: PNG });
    expect((await call(suite.org, p.token, 'GET')).json().signature).toBe(PNG);
  });

  it('422 on anything but a PNG data URL', async () => {
    const p = await person();
    for (const signature of [
      '',
      'data:image/jpeg;base64,AAAA',
      'javascript:alert(1)',
      'data:image/png;base64,<svg>',
      FAKE_PNG,
    ]) {
      const res = await call(suite.org, p.token, 'POST', '/sign', { signature });
      expect(res.statusCode, signature).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['signature']);
    }
    expect((await call(suite.org, p.token, 'GET')).json().signature).toBeNull();
  });
});
