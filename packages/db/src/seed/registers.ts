import { and, eq } from 'drizzle-orm';
import { toCents } from '@ordem-certa/contracts';
import type { Db } from '../client.ts';
import type { DemoContext } from './context.ts';
import { demoData } from './demo-data.ts';
import { products, reminders, services, tags, transactionNatures, users } from '../schema/index.ts';

/** Name and price (R$) of each product and service. */
const catalogue = demoData<{ products: Array<[string, number]>; services: Array<[string, number]> }>('catalogue');
const priced = (organizationId: number, list: Array<[string, number]>) =>
  list.map(([name, price]) => ({ organizationId, name, priceCents: toCents(price) }));

/** Demo catalogues for organization 1 (an HVAC and IT repair shop) and fewer rows for the lite one. */
export async function seedRegisters(db: Db, ctx: DemoContext) {
  const org = ctx.demoOrganizationId;
  await db.insert(products).values(priced(org, catalogue.demo.products));
  await db.insert(services).values(priced(org, catalogue.demo.services));
  await db.insert(transactionNatures).values([
    { organizationId: org, name: 'Prestação de serviço', description: 'Serviço avulso cobrado do cliente' },
    { organizationId: org, name: 'Garantia', description: 'Retorno em garantia, sem cobrança de mão de obra' },
    { organizationId: org, name: 'Contrato de manutenção', description: 'Visita coberta por contrato mensal' },
  ]);
  await db.insert(tags).values([
    { organizationId: org, name: 'Urgente', color: 'eb5a46' },
    { organizationId: org, name: 'Cliente VIP', color: 'f2d600' },
    { organizationId: org, name: 'Retorno', color: '0079bf' },
    { organizationId: org, name: 'Aguardando aprovação', color: 'b3bac5' },
  ]);
  await db.insert(reminders).values([
    { organizationId: org, description: 'Ligar para o cliente para confirmar o orçamento', isRequired: true },
    { organizationId: org, description: 'Enviar lembrete de manutenção preventiva', isRequired: false },
  ]);
  await db
    .update(users)
    .set({ paymentValueCents: toCents(45) })
    .where(and(eq(users.organizationId, org), eq(users.email, 'tecnico@demo.com.br')));

  const lite = ctx.liteOrganizationId;
  await db.insert(products).values(priced(lite, catalogue.lite.products));
  await db.insert(services).values(priced(lite, catalogue.lite.services));
  await db.insert(transactionNatures).values([{ organizationId: lite, name: 'Prestação de serviço', description: '' }]);
  await db.insert(tags).values([{ organizationId: lite, name: 'Urgente', color: 'eb5a46' }]);
}
