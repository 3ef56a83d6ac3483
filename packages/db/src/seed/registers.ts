import { and, eq } from 'drizzle-orm';
import { toCents } from '@oficina/contracts';
import type { Db } from '../client.ts';
import { products, reminders, services, tags, transactionNatures, users } from '../schema/index.ts';

const demoProducts: Array<[string, number]> = [
  ['Gás refrigerante R-410A (kg)', 89.9],
  ['Gás refrigerante R-32 (kg)', 79.5],
  ['Capacitor de partida 35+5 µF', 48],
  ['Filtro de ar para split 12.000 BTUs', 35.9],
  ['Suporte para condensadora 400 mm', 72.4],
  ['Tubo de cobre 1/4" (metro)', 28.75],
  ['Memória DDR4 8 GB', 219.9],
  ['SSD SATA 480 GB', 289],
];

const demoServices: Array<[string, number]> = [
  ['Instalação de ar-condicionado split até 12.000 BTUs', 450],
  ['Instalação de ar-condicionado split 18.000 a 24.000 BTUs', 650],
  ['Limpeza e higienização de split', 180],
  ['Carga de gás refrigerante', 250],
  ['Manutenção preventiva de ar-condicionado', 220],
  ['Visita técnica', 90],
  ['Troca de compressor', 850],
  ['Formatação e instalação de sistema operacional', 150],
  ['Limpeza interna de computador', 120],
  ['Diagnóstico de placa-mãe', 100],
];

/** Demo catalogues for organization 1 (an HVAC and IT repair shop) and fewer rows for the lite one. */
export async function seedRegisters(db: Db, ctx: { demoOrganizationId: number; liteOrganizationId: number }) {
  const org = ctx.demoOrganizationId;
  await db
    .insert(products)
    .values(demoProducts.map(([name, price]) => ({ organizationId: org, name, priceCents: toCents(price) })));
  await db
    .insert(services)
    .values(demoServices.map(([name, price]) => ({ organizationId: org, name, priceCents: toCents(price) })));
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
  await db.insert(products).values([
    { organizationId: lite, name: 'Filtro de ar para split 9.000 BTUs', priceCents: toCents(32) },
    { organizationId: lite, name: 'Controle remoto universal', priceCents: toCents(45.9) },
  ]);
  await db.insert(services).values([
    { organizationId: lite, name: 'Limpeza de split', priceCents: toCents(160) },
    { organizationId: lite, name: 'Visita técnica', priceCents: toCents(80) },
  ]);
  await db.insert(transactionNatures).values([{ organizationId: lite, name: 'Prestação de serviço', description: '' }]);
  await db.insert(tags).values([{ organizationId: lite, name: 'Urgente', color: 'eb5a46' }]);
}
