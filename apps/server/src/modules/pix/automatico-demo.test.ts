import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { addDays, type PixAutomatico } from '@ordem-certa/contracts';
import { schema } from '@ordem-certa/db';
import type { TestContext } from '../../../test/helpers.ts';
import {
  automaticoAccounts,
  closeDemoPspApp,
  DEMO_ORG,
  demoLogin,
  saoPauloToday as today,
  startDemoPspApp,
  until,
} from '../../../test/pix-fixtures.ts';
import { runAutomatico } from './automatico-job.ts';
import type { PixContext } from './pix-psp.service.ts';

// The demo: its company is connected to the stand-in PSP the server runs in its own process, so the
// payer's answer to 'Pedir autorização' can be played there ('Simular aprovação' / 'Simular recusa', by an
// admin): the stand-in answers in the payer's place and tells the webhook, which reads the recurrence
// again from the PSP as for a real answer. Nowhere else can it be played.
let t: TestContext;
let ctx: PixContext;
let admin: Record<string, string>;
let technician: Record<string, string>;
let companyId: number;

beforeAll(async () => {
  ({ t, ctx, companyId } = await startDemoPspApp());
  admin = await demoLogin(t, 'admin@demo.com.br');
  technician = await demoLogin(t, 'tecnico@demo.com.br');
});
afterAll(() => closeDemoPspApp(t));

const call = (method: 'GET' | 'POST', rest: string, payload?: object, headers = admin) =>
  t.app.inject({
    method,
    url: `/api/organizations/${DEMO_ORG}/contracts${rest}`,
    headers,
    ...(payload ? { payload } : {}),
  });

/** A contract of the demo company with a customer that has a CPF, and its authorization sent to the PSP. */
async function asked() {
  const [customer] = await t.database.db
    .select({ id: schema.customers.id })
    .from(schema.customers)
    .where(eq(schema.customers.organizationId, DEMO_ORG))
    .orderBy(asc(schema.customers.id));
  const due = addDays(today(), 5);
  const made = await call('POST', '', {
    company: companyId,
    customer: customer!.id,
    amount: 320,
    billingDay: Number(due.slice(8)),
    startDate: today(),
  });
  expect(made.statusCode, made.body).toBe(201);
  const { id } = made.json() as { id: number };
  const request = await call('POST', `/${id}/pix-automatico`, automaticoAccounts);
  expect(request.statusCode, request.body).toBe(200);
  expect(request.json().canSimulate).toBe(false);
  await runAutomatico(ctx);
  return id;
}
const view = async (id: number) => (await call('GET', `/${id}/pix-automatico`)).json() as PixAutomatico;

describe('the demo plays the payer’s answer to Pix Automático', () => {
  it("'Simular aprovação': the stand-in approves, the webhook reads it again and the card turns 'aprovada'; then nothing is left to play", async () => {
    const id = await asked();
    expect(await view(id)).toMatchObject({
      canSimulate: true,
      recurrence: { state: 'aguardando', pspStatus: 'CRIADA' },
    });
    // Admin only: a technician is refused, and nothing is answered.
    const refused = await call('POST', `/${id}/pix-automatico/simulate`, { approve: true }, technician);
    expect(refused.statusCode).toBe(403);
    expect((await view(id)).recurrence!.pspStatus).toBe('CRIADA');

    const played = await call('POST', `/${id}/pix-automatico/simulate`, { approve: true });
    expect(played.statusCode, played.body).toBe(200);
    const approved = await until(
      () => view(id),
      (v) => v.recurrence?.state === 'aprovada',
    );
    expect(approved.canSimulate).toBe(false);
    const idRec = approved.recurrence!.idRec!;
    expect(t.app.demoPsp.standIn!.automatico.recs.get(idRec)!.status).toBe('APROVADA');
    // The answer was learnt from the PSP (GET /rec/{idRec}) after the webhook, not taken from it.
    expect(t.app.demoPsp.standIn!.requests.some((r) => r.method === 'GET' && r.path === `/rec/${idRec}`)).toBe(true);
    const again = await call('POST', `/${id}/pix-automatico/simulate`, { approve: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([
      'Só é possível simular a resposta do cliente a uma autorização aguardando, de uma empresa ligada ao PSP de demonstração',
    ]);
  });

  it("'Simular recusa': the authorization turns 'rejeitada' and can be asked again", async () => {
    const id = await asked();
    expect((await call('POST', `/${id}/pix-automatico/simulate`, { approve: false })).statusCode).toBe(200);
    await until(
      () => view(id),
      (v) => v.recurrence?.state === 'rejeitada',
    );
    const bad = await call('POST', `/${id}/pix-automatico/simulate`, { approve: 'sim' });
    expect(bad.statusCode).toBe(422);
  });
});
