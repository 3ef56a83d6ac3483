import { completeCnpj, completeCpf, PersonType } from '@oficina/contracts';
import type { Db } from '../client.ts';
import { addresses, companies, customers, equipments } from '../schema/index.ts';

type NewAddress = Omit<typeof addresses.$inferInsert, 'organizationId'>;
type NewEquipment = Omit<typeof equipments.$inferInsert, 'organizationId' | 'customerId'>;
interface DemoCustomer {
  type: PersonType;
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

const split = (btus: string, brand: string, model: string, serial: string, where: string): NewEquipment => ({
  name: `Ar-condicionado split ${btus} BTUs`,
  brand,
  model,
  serialNumber: serial,
  description: where,
});

const demoCustomers: DemoCustomer[] = [
  {
    type: PersonType.Juridical,
    base: '214365870001',
    name: 'Padaria Pão Dourado Ltda',
    alias: 'Pão Dourado',
    email: 'compras@paodourado.com.br',
    phone: '1133224455',
    addresses: [
      {
        address: 'Rua Augusta',
        number: 1520,
        complement: 'Loja 2',
        neighborhood: 'Consolação',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '01304001',
      },
    ],
    equipments: [
      split('18.000', 'Midea', 'Xtreme Save 42MBCA18M5', 'MD18X2291034', 'Salão de atendimento'),
      {
        name: 'Câmara fria',
        brand: 'Gallant',
        model: 'CF-2020',
        serialNumber: 'GL2020-55871',
        description: 'Estoque de laticínios, 2 x 2 m',
      },
    ],
  },
  {
    type: PersonType.Natural,
    base: '398127465',
    name: 'João Pereira da Conceição',
    email: 'joao.conceicao@gmail.com',
    phone: '11987651234',
    addresses: [
      {
        address: 'Avenida Paulista',
        number: 900,
        complement: 'Apto 101',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '01310100',
      },
    ],
    equipments: [split('9.000', 'LG', 'Dual Inverter S4-Q09WA51A', 'LG09A7730211', 'Quarto do casal')],
  },
  {
    type: PersonType.Juridical,
    base: '073219450001',
    name: 'Clínica Odontológica Sorriso Feliz S/S',
    alias: 'Sorriso Feliz',
    email: 'administrativo@sorrisofeliz.com.br',
    phone: '1140028922',
    addresses: [
      {
        address: 'Rua Vergueiro',
        number: 3185,
        complement: 'Conjunto 42',
        neighborhood: 'Vila Mariana',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '04101300',
      },
    ],
    equipments: [
      split('12.000', 'Samsung', 'WindFree AR12BVFAMWK', 'SS12WF0098123', 'Consultório 1'),
      split('12.000', 'Samsung', 'WindFree AR12BVFAMWK', 'SS12WF0098124', 'Consultório 2'),
      {
        name: 'Compressor odontológico',
        brand: 'Schulz',
        model: 'MSV 6/30',
        serialNumber: 'SCH630-77120',
        description: 'Isento de óleo',
      },
    ],
  },
  {
    type: PersonType.Natural,
    base: '284661093',
    name: 'Maria Aparecida de Souza',
    email: 'cida.souza@hotmail.com',
    phone: '11976543210',
    addresses: [
      {
        address: 'Rua das Flores',
        number: 45,
        neighborhood: 'Jardim Bonfiglioli',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '05593010',
      },
      {
        address: 'Estrada do Sítio Boa Vista',
        number: null,
        complement: 'Sítio São José',
        neighborhood: 'Zona Rural',
        city: 'Ibiúna',
        state: 'SP',
        postalCode: '18150000',
      },
    ],
    equipments: [split('24.000', 'Daikin', 'EcoSwing FTKP24Q5VL', 'DK24ES5512', 'Sala de estar')],
  },
  {
    type: PersonType.Juridical,
    base: '459870120001',
    name: 'Supermercado Bom Preço Comércio de Alimentos Ltda',
    alias: 'Bom Preço',
    email: 'manutencao@bompreco.com.br',
    phone: '1145678900',
    addresses: [
      {
        address: 'Avenida Sapopemba',
        number: 7200,
        neighborhood: 'Jardim Sapopemba',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '03988010',
      },
    ],
    equipments: [
      {
        name: 'Balcão refrigerado',
        brand: 'Metalfrio',
        model: 'BVS-2000',
        serialNumber: 'MF2000-88231',
        description: 'Frios e embutidos',
      },
      {
        name: 'Ilha de congelados',
        brand: 'Eletrofrio',
        model: 'IC-250',
        serialNumber: 'EF250-11209',
        description: null,
      },
    ],
  },
  {
    type: PersonType.Natural,
    base: '157834920',
    name: 'Antônio Carlos Ribeiro',
    phone: '19991234567',
    addresses: [
      {
        address: 'Rua Barão de Jaguara',
        number: 1100,
        neighborhood: 'Centro',
        city: 'Campinas',
        state: 'SP',
        postalCode: '13015001',
      },
    ],
  },
  {
    type: PersonType.Juridical,
    base: '3HK7QZ5T0001',
    name: 'Hotel Mar Azul Empreendimentos Ltda',
    alias: 'Hotel Mar Azul',
    email: 'governanca@hotelmarazul.com.br',
    phone: '1332214000',
    addresses: [
      {
        address: 'Avenida Presidente Wilson',
        number: 150,
        neighborhood: 'Gonzaga',
        city: 'Santos',
        state: 'SP',
        postalCode: '11065200',
      },
    ],
    equipments: [
      split('12.000', 'Gree', 'G-Top GWC12ATC', 'GR12GT-3001', 'Apartamento 101'),
      split('12.000', 'Gree', 'G-Top GWC12ATC', 'GR12GT-3002', 'Apartamento 102'),
      {
        name: 'Chiller',
        brand: 'Carrier',
        model: '30RB 060',
        serialNumber: 'CR30RB-6001',
        description: 'Cobertura, atende o restaurante',
      },
    ],
  },
  {
    type: PersonType.Natural,
    base: '623490187',
    name: 'Fernanda Lima Gonçalves',
    email: 'fe.goncalves@outlook.com',
    addresses: [
      {
        address: 'Rua Padre Chico',
        number: 85,
        complement: 'Casa 3',
        neighborhood: 'Pompeia',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '05008010',
      },
    ],
    equipments: [split('12.000', 'Elgin', 'Eco Inverter HJFI12C2WB', 'EG12EI-4410', 'Escritório em casa')],
  },
  {
    type: PersonType.Juridical,
    base: '581234670001',
    name: 'Escritório Contábil Almeida & Filhos S/S',
    alias: 'Almeida Contabilidade',
    email: 'contato@almeidacontabil.com.br',
    phone: '1130305050',
    addresses: [
      {
        address: 'Rua Líbero Badaró',
        number: 425,
        complement: '12º andar',
        neighborhood: 'Centro',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '01009000',
      },
    ],
    equipments: [split('30.000', 'Fujitsu', 'ASBG30LFCA', 'FJ30LF-0921', 'Sala de reuniões')],
  },
  {
    type: PersonType.Natural,
    base: '741852963',
    name: 'Luiz Henrique Araújo',
    phone: '21998877665',
    addresses: [
      {
        address: 'Rua Voluntários da Pátria',
        number: 320,
        complement: 'Bloco B, apto 704',
        neighborhood: 'Botafogo',
        city: 'Rio de Janeiro',
        state: 'RJ',
        postalCode: '22270010',
      },
    ],
  },
  {
    type: PersonType.Juridical,
    base: '902468130001',
    name: 'Academia Corpo em Movimento Ltda',
    alias: 'Corpo em Movimento',
    email: 'gerencia@corpoemmovimento.com.br',
    phone: '1125253030',
    addresses: [
      {
        address: 'Avenida Engenheiro Luís Carlos Berrini',
        number: 1681,
        neighborhood: 'Cidade Monções',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '04571011',
      },
    ],
    equipments: [
      {
        name: 'Ar-condicionado piso-teto 60.000 BTUs',
        brand: 'Springer Midea',
        model: 'Xtreme 42XQC60S5',
        serialNumber: 'SM60PT-7781',
        description: 'Sala de musculação',
      },
    ],
  },
  {
    type: PersonType.Natural,
    base: '815937264',
    name: 'Beatriz Nogueira Tavares',
    email: 'bia.tavares@gmail.com',
    phone: '11955554444',
    addresses: [
      {
        address: 'Alameda Santos',
        number: 2100,
        complement: 'Apto 1203',
        neighborhood: 'Jardim Paulista',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '01418200',
      },
    ],
  },
];

const liteCustomers: DemoCustomer[] = [
  {
    type: PersonType.Juridical,
    base: '334455660001',
    name: 'Mercadinho da Esquina Ltda',
    alias: 'Mercadinho da Esquina',
    phone: '3134561212',
    addresses: [
      {
        address: 'Rua da Bahia',
        number: 1000,
        neighborhood: 'Centro',
        city: 'Belo Horizonte',
        state: 'MG',
        postalCode: '30160011',
      },
    ],
    equipments: [
      {
        name: 'Freezer horizontal',
        brand: 'Fricon',
        model: 'HCED 503',
        serialNumber: 'FR503-2291',
        description: null,
      },
    ],
  },
  {
    type: PersonType.Natural,
    base: '246813579',
    name: 'Carlos Eduardo Mendes',
    phone: '31988776655',
    addresses: [
      { address: 'Rua Pernambuco', number: 512, neighborhood: 'Funcionários', city: 'Belo Horizonte', state: 'MG' },
    ],
  },
];

async function insertCustomers(db: Db, organizationId: number, list: DemoCustomer[]) {
  for (const c of list) {
    const [row] = await db
      .insert(customers)
      .values({
        organizationId,
        type: c.type,
        identifier: identifier(c.type, c.base),
        name: c.name,
        alias: c.type === PersonType.Juridical ? (c.alias ?? null) : null,
        email: c.email ?? null,
        phone: c.phone ?? null,
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
export async function seedCompaniesAndCustomers(
  db: Db,
  ctx: { demoOrganizationId: number; liteOrganizationId: number },
) {
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
        phone: '1132109876',
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
        phone: '11912345678',
        emailSubject: 'Orçamento {{numero}}',
      },
      {
        organizationId: ctx.liteOrganizationId,
        type: PersonType.Juridical,
        identifier: completeCnpj('987654320001'),
        name: 'Frio Mineiro Refrigeração ME',
        alias: 'Frio Mineiro',
        phone: '3132221100',
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
  });
  await insertCustomers(db, ctx.demoOrganizationId, demoCustomers);
  await insertCustomers(db, ctx.liteOrganizationId, liteCustomers);
}
