import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { PersonType, signupMessages } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import { perFile } from '../../../test/helpers.ts';
import { newCnpj } from '../../../test/factories.ts';

// SIGNUP=closed: the installation makes shops only through the command line.
const t = perFile({ app: { config: { signup: 'closed' } } });

describe('sign-up closed', () => {
  it('says so, refuses a sign-up in pt-BR and writes nothing; its CNPJ lookup is closed too', async () => {
    const status = await t.ctx.app.inject({ method: 'GET', url: '/api/signup' });
    expect(status.json()).toEqual({ open: false });

    const before = await t.ctx.database.db.select({ n: count() }).from(schema.organizations);
    const res = await t.ctx.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: {
        company: { type: PersonType.Juridical, identifier: newCnpj(), name: 'Oficina Ltda', alias: 'Oficina' },
        owner: { name: 'Maria', email: 'maria-fechado@oficina.com.br', password: 'uma-senha-forte' },
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: [signupMessages.closed] });
    const after = await t.ctx.database.db.select({ n: count() }).from(schema.organizations);
    expect(after[0]!.n).toBe(before[0]!.n);

    const lookup = await t.ctx.app.inject({ method: 'GET', url: '/api/signup/cnpj/19131243000197' });
    expect(lookup.statusCode).toBe(403);
    expect(lookup.json()).toEqual({ errors: [signupMessages.closed] });
  });
});
