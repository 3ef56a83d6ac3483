import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { createOrganizationWithAdmin, DataDirInUseError, migrate, openDatabase, resetPassword } from '@oficina/db';
import { loadConfig } from './config.ts';

const usage = `Uso:
  npm run cli -- create-organization --name "Minha Empresa" --admin-name "Nome" --admin-email email@x.com --admin-password senha
  npm run cli -- reset-password --email email@x.com --password novasenha

Usa DATABASE_URL quando definido; senão o banco embutido em DATA_DIR (./data).`;

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    name: { type: 'string' },
    'admin-name': { type: 'string' },
    'admin-email': { type: 'string' },
    'admin-password': { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
  },
});

function fail(msg: string): never {
  console.error(`${msg}\n\n${usage}`);
  process.exit(1);
}

if (command !== 'create-organization' && command !== 'reset-password') fail('Comando desconhecido.');
const config = loadConfig();
// The embedded database cannot be shared with a running server: it refuses (nothing is written) and
// says so, rather than report a change the server would overwrite.
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: join(config.dataDir, 'pgdata') },
).catch((err: unknown) => {
  if (err instanceof DataDirInUseError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
});
try {
  await migrate(database);
  if (command === 'create-organization') {
    const name = values.name;
    const adminName = values['admin-name'];
    const email = values['admin-email'];
    const password = values['admin-password'];
    if (!name || !adminName || !email || !password)
      fail('Informe --name, --admin-name, --admin-email e --admin-password.');
    if (password.length < 8) fail('A senha deve ter 8 caracteres ou mais.');
    const { organization, admin } = await createOrganizationWithAdmin(database.db, {
      name,
      admin: { name: adminName, email, password },
    });
    console.log(`Organização ${organization.id} "${organization.name}" criada; admin ${admin.email} (id ${admin.id}).`);
  } else {
    const email = values.email;
    const password = values.password;
    if (!email || !password) fail('Informe --email e --password.');
    if (password.length < 8) fail('A senha deve ter 8 caracteres ou mais.');
    if (!(await resetPassword(database.db, email, password))) fail(`Usuário ${email} não encontrado.`);
    console.log(`Senha de ${email} alterada.`);
  }
} finally {
  await database.close();
}
