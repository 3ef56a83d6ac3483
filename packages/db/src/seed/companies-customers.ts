import { completeCnpj, completeCpf, PersonType, storedPhone } from '@ordem-certa/contracts';
import type { Db } from '../client.ts';
import type { DemoContext } from './context.ts';
import { addresses, companies, customers, equipments } from '../schema/index.ts';
import { demoData } from './demo-data.ts';

type NewAddress = Omit<typeof addresses.$inferInsert, 'organizationId'>;
type NewEquipment = Omit<typeof equipments.$inferInsert, 'organizationId' | 'customerId'>;
interface DemoCustomer {
  type: keyof typeof PersonType;
  /** 12 CNPJ base characters or 9 CPF base digits; the check digits are computed. */
  base: string;
  name: string;
  alias?: string;
  email?: string;
  phone?: string;
  addresses: Array<Omit<NewAddress, 'companyId' | 'customerId'>>;
  equipments?: NewEquipment[];
}

const identifier = (type: PersonType, base: string) =>
  type === PersonType.Juridical ? completeCnpj(base) : completeCpf(base);

const emailBody =
  '<p>Olá, {{cliente}}!</p><p>Segue em anexo o <b>orçamento {{numero}}</b>. Qualquer dúvida, estamos à disposição.</p>';

const customerData = demoData<DemoCustomer[]>('customers');

async function insertCustomers(db: Db, organizationId: number, list: DemoCustomer[]) {
  for (const c of list) {
    const type = PersonType[c.type];
    const [row] = await db
      .insert(customers)
      .values({
        organizationId,
        type,
        identifier: identifier(type, c.base),
        name: c.name,
        alias: type === PersonType.Juridical ? (c.alias ?? null) : null,
        email: c.email ?? null,
        ...storedPhone(c.phone),
      })
      .returning({ id: customers.id });
    const customerId = row!.id;
    if (c.addresses.length) {
      await db.insert(addresses).values(c.addresses.map((a) => ({ ...a, organizationId, customerId })));
    }
    if (c.equipments?.length) {
      await db.insert(equipments).values(c.equipments.map((e) => ({ ...e, organizationId, customerId })));
    }
  }
}

/** Demo companies and customers (with addresses and equipment) for organizations 1 and 102. */
export async function seedCompaniesAndCustomers(db: Db, ctx: DemoContext) {
  const [issuer] = await db
    .insert(companies)
    .values([
      {
        organizationId: ctx.demoOrganizationId,
        type: PersonType.Juridical,
        identifier: completeCnpj('123456780001'),
        name: 'Demo Refrigeração e Climatização Ltda',
        alias: 'Demo Refrigeração',
        email: 'contato@demorefrigeracao.com.br',
        ...storedPhone('1132109876'),
        emailSubject: 'Orçamento {{numero}} - Demo Refrigeração',
        emailBody,
        emailSignature: '<p><b>Demo Refrigeração</b><br>(11) 3210-9876</p>',
      },
      {
        organizationId: ctx.demoOrganizationId,
        type: PersonType.Natural,
        identifier: completeCpf('135792468'),
        name: 'Roberto Almeida Santos',
        email: 'roberto.santos@demorefrigeracao.com.br',
        ...storedPhone('11912345678'),
        emailSubject: 'Orçamento {{numero}}',
      },
      {
        organizationId: ctx.liteOrganizationId,
        type: PersonType.Juridical,
        identifier: completeCnpj('987654320001'),
        name: 'Frio Mineiro Refrigeração ME',
        alias: 'Frio Mineiro',
        ...storedPhone('3132221100'),
      },
    ])
    .returning({ id: companies.id });
  await db.insert(addresses).values({
    organizationId: ctx.demoOrganizationId,
    companyId: issuer!.id,
    address: 'Rua Vinte e Cinco de Março',
    number: 600,
    complement: 'Sala 3',
    neighborhood: 'Centro',
    city: 'São Paulo',
    state: 'SP',
    postalCode: '01021100',
    ibgeCode: '3550308',
  });
  await insertCustomers(db, ctx.demoOrganizationId, customerData.demo);
  await insertCustomers(db, ctx.liteOrganizationId, customerData.lite);
}
