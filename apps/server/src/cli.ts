import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { DataDirInUseError, migrate, openDatabase, type Database } from '@ordem-certa/db';
import { loadConfig, type Config } from './config.ts';
import { cliCommands } from './cli-commands.ts';
import { PRIVATE_FILE, restrictNewFiles } from './lib/private-files.ts';
import { copyLocalFiles, createS3Storage } from './lib/storage.ts';
import { createBackup, restoreBackup } from './lib/backup.ts';
import { BackupPassphraseWrong, decryptArchive, encryptArchive, isEncryptedArchive } from './lib/backup-crypt.ts';
import { CommandRefused, requestBackup, requestCommand } from './lib/maintenance.ts';

restrictNewFiles();

const usage = `Uso:
  npm run cli -- create-organization --name "Minha Empresa" --admin-name "Nome" --admin-email email@x.com --admin-password senha
  npm run cli -- reset-password --email email@x.com --password novasenha
  npm run cli -- copy-files-to-s3        copia os arquivos de DATA_DIR/files para o bucket S3_BUCKET
  npm run cli -- backup ARQUIVO          backup do banco embutido e dos arquivos (também com o servidor rodando);
                                         com BACKUP_PASSPHRASE, criptografado com ela
  npm run cli -- restore ARQUIVO         restaura um backup em um DATA_DIR vazio (um criptografado pede a senha,
                                         ou a lê de BACKUP_PASSPHRASE)

Usa DATABASE_URL quando definido; senão o banco embutido em DATA_DIR (./data).`;

const [command, ...rest] = process.argv.slice(2);
const { values, positionals } = parseArgs({
  args: rest,
  allowPositionals: true,
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

/**
 * The embedded database cannot be shared with a running server: opening it then refuses (nothing is
 * written) and says so, rather than report a change the server would overwrite. The commands that
 * write ask the running server instead (runWrite), so this is met only by a server that does not
 * answer on its maintenance socket.
 */
function open(config: Config) {
  return openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: join(config.dataDir, 'pgdata') },
  ).catch((err: unknown) => {
    if (err instanceof DataDirInUseError) fail(err.message);
    throw err;
  });
}

/** Asks on the terminal without echoing what is typed (a passphrase). */
async function askHidden(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const echo = rl as unknown as { _writeToOutput(text: string): void };
  // oxlint-disable-next-line no-underscore-dangle -- readline's own hook for what it echoes
  echo._writeToOutput = (text) => {
    if (text.startsWith(question)) process.stdout.write(question);
  };
  try {
    return await rl.question(question);
  } finally {
    rl.close();
    process.stdout.write('\n');
  }
}

async function withDatabase(config: Config, fn: (database: Database) => Promise<void>) {
  const database = await open(config);
  try {
    await migrate(database);
    await fn(database);
  } finally {
    await database.close();
  }
}

/**
 * A command that writes to the database: a running server on the embedded data dir runs it for the
 * CLI (the database takes one process); else the CLI opens the database (DATABASE_URL, which any
 * number of processes share, or the embedded one when no server holds it).
 */
async function runWrite(config: Config, name: string, args: Record<string, string>) {
  const answer = config.databaseUrl ? undefined : await requestCommand(config.dataDir, name, args);
  if (answer) {
    if (!answer.ok) fail(answer.message);
    console.log(answer.message);
    return;
  }
  await withDatabase(config, async (database) => {
    try {
      console.log(await cliCommands(database.db)[name]!(args));
    } catch (err) {
      if (err instanceof CommandRefused) fail(err.message);
      throw err;
    }
  });
}

const commands: Record<string, (config: Config) => Promise<void>> = {
  'create-organization': (config) => {
    const name = values.name;
    const adminName = values['admin-name'];
    const email = values['admin-email'];
    const password = values['admin-password'];
    if (!name || !adminName || !email || !password)
      fail('Informe --name, --admin-name, --admin-email e --admin-password.');
    if (password.length < 8) fail('A senha deve ter 8 caracteres ou mais.');
    return runWrite(config, 'create-organization', { name, adminName, email, password });
  },
  'reset-password': (config) => {
    const email = values.email;
    const password = values.password;
    if (!email || !password) fail('Informe --email e --password.');
    if (password.length < 8) fail('A senha deve ter 8 caracteres ou mais.');
    return runWrite(config, 'reset-password', { email, password });
  },
  'copy-files-to-s3': async (config) => {
    if (!config.s3) fail('Defina S3_BUCKET (e S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).');
    const target = createS3Storage(config.s3);
    await target.check();
    const root = join(config.dataDir, 'files');
    const count = await copyLocalFiles(root, target);
    console.log(`${count} arquivo(s) copiados de ${root} para o bucket ${config.s3.bucket}.`);
  },
  backup: async (config) => {
    const file = positionals[0];
    if (!file) fail('Informe o arquivo do backup.');
    if (config.databaseUrl || config.s3)
      fail(
        'Com DATABASE_URL ou S3_BUCKET, use pg_dump para o banco e copie o bucket (veja docs/operations/backups.md).',
      );
    // A running server holds the embedded database: it makes the archive itself.
    let archive = await requestBackup(config.dataDir);
    if (!archive) {
      const database = await open(config);
      try {
        archive = await createBackup(database, join(config.dataDir, 'files'));
      } finally {
        await database.close();
      }
    }
    if (config.backupPassphrase) archive = encryptArchive(archive, config.backupPassphrase);
    writeFileSync(file, archive, { mode: PRIVATE_FILE });
    console.log(
      `Backup de ${config.dataDir} gravado em ${file} (${archive.length} bytes)${config.backupPassphrase ? ', criptografado com BACKUP_PASSPHRASE' : ''}.`,
    );
  },
  restore: async (config) => {
    const file = positionals[0];
    if (!file) fail('Informe o arquivo do backup.');
    if (config.databaseUrl) fail('restore preenche um DATA_DIR embutido; sem DATABASE_URL.');
    let archive: Buffer = readFileSync(file);
    if (isEncryptedArchive(archive)) {
      const passphrase = config.backupPassphrase ?? (process.stdin.isTTY ? await askHidden('Senha do backup: ') : '');
      if (!passphrase)
        fail(
          'O backup está criptografado: defina BACKUP_PASSPHRASE ou rode o comando em um terminal para digitar a senha.',
        );
      try {
        archive = decryptArchive(archive, passphrase);
      } catch (err) {
        if (err instanceof BackupPassphraseWrong) fail(err.message);
        throw err;
      }
    }
    try {
      const { files } = await restoreBackup(archive, config.dataDir);
      console.log(`Backup restaurado em ${config.dataDir} (${files} arquivo(s)).`);
    } catch (err) {
      fail((err as Error).message);
    }
  },
};

const run = command ? commands[command] : undefined;
if (!run) fail('Comando desconhecido.');
if (positionals.length > 1) fail('Argumentos demais.');
await run(loadConfig());
