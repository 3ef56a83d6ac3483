// Fills one organization with a shop's years of data: 20,000 customers (with equipment) and
// 100,000 service orders with services, products, equipment, workers and comments, written with
// multi-row INSERT ... SELECT generate_series so it takes seconds, not hours.
//
// As a library: generateOrders(database) (bench/src/invoice-list.ts). As a script, into the
// database the app would use (DATABASE_URL, or the embedded one in DATA_DIR), for trying the
// screens on a large organization:
//   DATA_DIR=/tmp/big node --import tsx bench/src/generate-orders.ts [orders] [customers]
// then log in as the printed admin (password 'bench1234').
import { pathToFileURL } from 'node:url';
import { createOrganizationWithAdmin, hashPassword, migrate, openDatabase, type Database } from '@ordem-certa/db';

export interface GenerateOptions {
  orders?: number;
  customers?: number;
  /** Collaborators besides the admin; orders are spread among them. */
  technicians?: number;
  /**
   * Leave statistics and the visibility map to the caller (no ANALYZE, no VACUUM here): for filling
   * many organizations in a row, then one VACUUM ANALYZE at the end (bench/src/scale.ts).
   */
  skipAnalyze?: boolean;
}
export interface Generated {
  organizationId: number;
  adminId: number;
  adminEmail: string;
  /** The first technician, a worker on about 1/technicians of the orders (plus some second slots). */
  technicianId: number;
  technicianEmail: string;
  orders: number;
  customers: number;
  seconds: number;
}

export const BENCH_PASSWORD = 'bench1234';
let generated = 0;

const firstNames = [
  'Ana',
  'Bruno',
  'Carla',
  'Daniel',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Heitor',
  'Isabela',
  'João',
  'Larissa',
  'Marcos',
  'Natália',
  'Otávio',
  'Paula',
  'Rafael',
  'Sofia',
  'Tiago',
  'Vitória',
  'Wesley',
  'Alice',
  'Bernardo',
  'Cecília',
  'Davi',
  'Elisa',
  'Fábio',
  'Giovana',
  'Henrique',
  'Iara',
  'Júlio',
  'Lívia',
  'Mateus',
  'Nicole',
  'Pedro',
  'Renata',
  'Samuel',
  'Tânia',
  'Ulisses',
  'Valéria',
  'Yago',
];
const surnames = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
  'Araújo',
  'Pinto',
  'Correia',
  'Moura',
  'Cavalcanti',
  'Monteiro',
  'Campos',
  'Batista',
  'Castro',
  'Azevedo',
  'Tavares',
  'Nogueira',
  'Borges',
  'Cunha',
  'Duarte',
];
const businesses = ['Padaria', 'Mercado', 'Clínica', 'Escritório', 'Academia', 'Hotel', 'Restaurante', 'Farmácia'];
const arr = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

export async function generateOrders(database: Database, opts: GenerateOptions = {}): Promise<Generated> {
  const orders = opts.orders ?? 100_000;
  const customers = opts.customers ?? 20_000;
  const technicians = opts.technicians ?? 15;
  const t0 = performance.now();
  const tag = `${Date.now().toString(36)}${(++generated).toString(36)}`;
  const adminEmail = `admin-${tag}@bench.com.br`;
  const { organization, admin } = await createOrganizationWithAdmin(database.db, {
    name: `Bench ${tag} Refrigeração`,
    admin: { name: 'Administrador Bench', email: adminEmail, password: BENCH_PASSWORD },
  });
  const org = organization.id;
  const hash = (await hashPassword(BENCH_PASSWORD)).replace(/'/g, "''");
  const analyze = (tables: string) => (opts.skipAnalyze ? '' : `ANALYZE ${tables};`);

  await database.rawTransaction(async (raw) => {
    const step = async (label: string, text: string) => {
      const s = performance.now();
      await raw.exec(text);
      if (process.env.BENCH_VERBOSE) console.log(`  ${label}: ${((performance.now() - s) / 1000).toFixed(1)} s`);
    };
    await step(
      'registers',
      `
      INSERT INTO users (organization_id, name, email, role, password_hash, payment_value_cents)
        SELECT ${org}, 'Técnico ' || g || ' ' || (${arr(surnames)})[1 + g % 50], 'tecnico' || g || '-${tag}@bench.com.br',
               'ROLE_USER', '${hash}', 4500
        FROM generate_series(1, ${technicians}) g;
      INSERT INTO companies (organization_id, type, identifier, name, alias)
        SELECT ${org}, 1, lpad((${org} * 1000 + g)::text, 12, '0') || '00', 'Bench Climatização ' || g || ' Ltda', 'Bench ' || g
        FROM generate_series(1, 3) g;
      INSERT INTO transaction_natures (organization_id, name, description)
        VALUES (${org}, 'Prestação de serviço', ''), (${org}, 'Garantia', ''), (${org}, 'Contrato de manutenção', '');
      INSERT INTO services (organization_id, name, price_cents)
        SELECT ${org}, 'Serviço ' || g || ' de manutenção', 5000 + g * 1750 FROM generate_series(1, 30) g;
      INSERT INTO products (organization_id, name, price_cents)
        SELECT ${org}, 'Peça ' || g, 990 + g * 433 FROM generate_series(1, 30) g;
      INSERT INTO tags (organization_id, name, color)
        VALUES (${org}, 'Urgente', 'eb5a46'), (${org}, 'Retorno', '0079bf'), (${org}, 'Cliente VIP', 'f2d600');`,
    );
    // Customers: people and businesses with varied names (40 x 50 x 50 person names), unique identifiers.
    await step(
      'customers',
      `
      INSERT INTO customers (organization_id, type, identifier, name, alias, email, phone, phone_e164)
        SELECT ${org},
               CASE WHEN g % 4 = 0 THEN 1 ELSE 2 END,
               CASE WHEN g % 4 = 0 THEN lpad(g::text, 8, '0') || '000191' ELSE lpad(g::text, 9, '0') || '09' END,
               CASE WHEN g % 4 = 0
                    THEN (${arr(businesses)})[1 + g % 8] || ' ' || (${arr(surnames)})[1 + (g / 8) % 50] || ' ' || g || ' Ltda'
                    ELSE (${arr(firstNames)})[1 + g % 40] || ' ' || (${arr(surnames)})[1 + (g / 40) % 50] || ' ' || (${arr(surnames)})[1 + (g / 2000) % 50]
               END,
               CASE WHEN g % 4 = 0 THEN (${arr(businesses)})[1 + g % 8] || ' ' || g END,
               'cliente' || g || '@exemplo.com.br',
               '(11) 9' || substr(lpad(g::text, 8, '0'), 1, 4) || '-' || substr(lpad(g::text, 8, '0'), 5),
               '+55119' || lpad(g::text, 8, '0')
        FROM generate_series(1, ${customers}) g;
      INSERT INTO equipments (organization_id, customer_id, name, brand, model, serial_number)
        SELECT ${org}, c.id, 'Ar-condicionado split ' || (9 + (c.id % 4) * 3) || '.000 BTUs',
               (ARRAY['LG','Samsung','Midea','Daikin','Gree'])[1 + c.id % 5], 'M-' || (c.id % 97), 'SN' || c.id
        FROM customers c WHERE c.organization_id = ${org};
      ${analyze('customers, equipments')}`,
    );
    // Orders: spread over about a year, most completed and paid, some in every other state.
    await step(
      'orders',
      `
      CREATE TEMP TABLE bench_ref ON COMMIT DROP AS SELECT
        (SELECT array_agg(id ORDER BY id) FROM customers WHERE organization_id = ${org}) AS customers,
        (SELECT array_agg(id ORDER BY id) FROM companies WHERE organization_id = ${org}) AS companies,
        (SELECT array_agg(id ORDER BY id) FROM transaction_natures WHERE organization_id = ${org}) AS natures,
        (SELECT array_agg(id ORDER BY id) FROM users WHERE organization_id = ${org} AND role = 'ROLE_USER') AS techs,
        (SELECT min(id) FROM invoice_statuses WHERE organization_id = ${org} AND state = 0) AS s_draft,
        (SELECT min(id) FROM invoice_statuses WHERE organization_id = ${org} AND state = 7) AS s_todo,
        (SELECT min(id) FROM invoice_statuses WHERE organization_id = ${org} AND state = 10) AS s_wip,
        (SELECT min(id) FROM invoice_statuses WHERE organization_id = ${org} AND state = -1) AS s_blocked,
        (SELECT min(id) FROM invoice_statuses WHERE organization_id = ${org} AND state = -100) AS s_canceled,
        (SELECT min(id) FROM invoice_statuses WHERE organization_id = ${org} AND state = 20) AS s_completed;
      INSERT INTO invoices (organization_id, number, company_id, customer_id, transaction_nature_id, status_id, state,
                            is_paid, payment_date, started_at, finished_at, created_by_id, created_at, updated_at)
        SELECT ${org}, g, r.companies[1 + g % 3], r.customers[1 + (g * 7919) % ${customers}], r.natures[1 + g % 3],
               CASE k.state WHEN 0 THEN r.s_draft WHEN 7 THEN r.s_todo WHEN 10 THEN r.s_wip WHEN -1 THEN r.s_blocked
                            WHEN -100 THEN r.s_canceled ELSE r.s_completed END,
               k.state,
               k.state = 20 AND g % 10 <> 0,
               CASE WHEN k.state = 20 AND g % 10 <> 0 THEN (k.created + interval '3 days')::date END,
               CASE WHEN k.state IN (10, -1, 20) THEN k.created + interval '2 hours' END,
               CASE WHEN k.state = 20 THEN k.created + interval '1 day' END,
               ${admin.id}, k.created, k.created
        FROM generate_series(1, ${orders}) g
        CROSS JOIN bench_ref r
        CROSS JOIN LATERAL (SELECT
          now() - (${orders} - g) * interval '5 minutes' AS created,
          CASE WHEN g > ${orders} - 300 THEN (ARRAY[0, 7, 7, 10, 10, 10, -1])[1 + g % 7]
               WHEN g % 50 = 0 THEN -100
               WHEN g % 97 = 0 THEN -1
               ELSE 20 END AS state) k;
      -- Fresh statistics, or the planner joins 100,000 orders by nested loops in the next steps.
      ${analyze('invoices')}`,
    );
    await step(
      'lines',
      `
      INSERT INTO invoice_services (organization_id, invoice_id, service_id, name, description, quantity, price_cents, created_at, updated_at)
        SELECT ${org}, i.id, s.id, s.name, CASE WHEN n = 1 THEN 'Equipamento da sala' END, 1 + (i.id + n) % 3, s.price_cents, i.created_at, i.created_at
        FROM invoices i CROSS JOIN generate_series(1, 2) n
        JOIN (SELECT id, name, price_cents, row_number() OVER (ORDER BY id) - 1 AS k FROM services WHERE organization_id = ${org}) s
          ON s.k = (i.id * 7 + n) % 30
        WHERE i.organization_id = ${org} AND i.state <> 0;
      INSERT INTO invoice_products (organization_id, invoice_id, product_id, name, quantity, price_cents, created_at, updated_at)
        SELECT ${org}, i.id, p.id, p.name, 1 + i.id % 4, p.price_cents, i.created_at, i.created_at
        FROM invoices i
        JOIN (SELECT id, name, price_cents, row_number() OVER (ORDER BY id) - 1 AS k FROM products WHERE organization_id = ${org}) p
          ON p.k = (i.id * 11) % 30
        WHERE i.organization_id = ${org} AND i.state <> 0 AND i.id % 2 = 0;
      INSERT INTO invoice_equipments (organization_id, invoice_id, equipment_id, name, brand, model, serial_number, created_at, updated_at)
        SELECT ${org}, i.id, e.id, e.name, e.brand, e.model, e.serial_number, i.created_at, i.created_at
        FROM invoices i JOIN equipments e ON e.customer_id = i.customer_id
        WHERE i.organization_id = ${org} AND i.state <> 0;
      UPDATE invoices i SET subtotal_cents = t.total
        FROM (SELECT invoice_id, sum(total) AS total FROM (
                SELECT invoice_id, quantity * price_cents AS total FROM invoice_services WHERE organization_id = ${org}
                UNION ALL
                SELECT invoice_id, quantity * price_cents FROM invoice_products WHERE organization_id = ${org}) l
              GROUP BY invoice_id) t
        WHERE i.id = t.invoice_id;
      ${analyze('invoice_services, invoice_products, invoice_equipments')}`,
    );
    await step(
      'workers and comments',
      `
      INSERT INTO invoice_workers (organization_id, invoice_id, worker_id, paid_at, created_at, updated_at)
        SELECT ${org}, i.id, r.techs[1 + (i.number + n) % array_length(r.techs, 1)],
               CASE WHEN i.state = 20 AND i.number < ${orders} - 2000 THEN i.finished_at + interval '20 days' END,
               i.created_at, i.created_at
        FROM invoices i CROSS JOIN bench_ref r CROSS JOIN generate_series(0, 1) n
        WHERE i.organization_id = ${org} AND i.state <> 0 AND (n = 0 OR i.number % 3 = 0);
      INSERT INTO invoice_comments (organization_id, invoice_id, user_id, type, comment, created_at)
        SELECT ${org}, i.id, ${admin.id}, 4, 'Administrador Bench alterou o status de Rascunho para Em Andamento.', i.started_at
        FROM invoices i WHERE i.organization_id = ${org} AND i.started_at IS NOT NULL;
      INSERT INTO invoice_comments (organization_id, invoice_id, user_id, type, comment, created_at)
        SELECT ${org}, i.id, w.worker_id, 2, 'Equipamento revisado, filtros limpos e dreno testado.', i.created_at + interval '3 hours'
        FROM invoices i JOIN invoice_workers w ON w.invoice_id = i.id
        WHERE i.organization_id = ${org} AND i.number % 2 = 0;
      INSERT INTO invoice_tags (organization_id, invoice_id, tag_id)
        SELECT ${org}, i.id, t.id FROM invoices i
        JOIN tags t ON t.organization_id = ${org} AND t.name = (ARRAY['Urgente','Retorno','Cliente VIP'])[1 + i.number % 3]
        WHERE i.organization_id = ${org} AND i.number % 5 = 0;
      INSERT INTO counters (organization_id, name, value) VALUES (${org}, 'invoice', ${orders})
        ON CONFLICT (organization_id, name) DO UPDATE SET value = excluded.value;`,
    );
  });
  // As autovacuum would leave it: statistics for the planner, visibility map for index-only scans.
  if (!opts.skipAnalyze) await database.exec('VACUUM ANALYZE');
  const [tech] = await database.rawTransaction((raw) =>
    raw.query<{ id: number; email: string }>(
      `SELECT id, email FROM users WHERE organization_id = ${org} AND role = 'ROLE_USER' ORDER BY id LIMIT 1`,
    ),
  );
  return {
    organizationId: org,
    adminId: admin.id,
    adminEmail,
    technicianId: tech!.id,
    technicianEmail: tech!.email,
    orders,
    customers,
    seconds: +((performance.now() - t0) / 1000).toFixed(1),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [orders, customers] = process.argv.slice(2).map(Number);
  const database = await openDatabase(
    process.env.DATABASE_URL
      ? { databaseUrl: process.env.DATABASE_URL }
      : { dataDir: `${process.env.DATA_DIR ?? './data'}/pgdata` },
  );
  await migrate(database);
  const result = await generateOrders(database, { orders: orders || undefined, customers: customers || undefined });
  console.log(result);
  await database.close();
}
