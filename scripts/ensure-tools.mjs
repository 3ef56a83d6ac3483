// Makes sure the machine has what the tests drive: Debian's Chromium and PostgreSQL binaries,
// pg_auto_failover (the failover test runs a primary and its standby under it), poppler's pdftotext,
// pdffonts and pdftoppm (the PDF tests read documents with them), qpdf (they check a PDF's structure
// with it), xmlsec1 (the NFS-e signature tests check our XMLDSig against it) and faketime (the E2E of a
// contract's month runs under a clock it moves: scripts/test-at.mjs --movable).
// Installs them with apt-get when missing and possible (root); otherwise says how.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const isRoot = process.getuid?.() === 0;
const pgBin = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'].find((d) =>
  existsSync(`${d}/initdb`),
);

const missing = [];
if (!existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium')) missing.push('chromium');
if (!has('initdb') && !pgBin) missing.push('postgresql');
if (!has('pdftotext') || !has('pdffonts')) missing.push('poppler-utils');
if (!has('xmlsec1')) missing.push('xmlsec1');
// Debian packages pg_auto_failover per PostgreSQL version: the one of the server binaries found, else
// the one the postgresql package brings.
const pgVersion = pgBin?.split('/')[4] ?? debianPostgresVersion();
if (!existsSync('/usr/bin/pg_autoctl') || !existsSync(`/usr/lib/postgresql/${pgVersion}/lib/pgautofailover.so`))
  missing.push(`postgresql-${pgVersion}-auto-failover`);
if (!has('qpdf')) missing.push('qpdf');
if (!has('faketime')) missing.push('faketime');
if (missing.length === 0) process.exit(0);

if (isRoot && has('apt-get')) {
  console.log(`Instalando ${missing.join(', ')} (apt-get)...`);
  execSync('apt-get update -qq', { stdio: 'inherit' });
  execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')} fonts-dejavu-core`, {
    stdio: 'inherit',
  });
  process.exit(0);
}
console.error(
  `Faltam ${missing.join(' e ')} para os testes. Instale com: sudo apt-get install -y ${missing.join(' ')}` +
    (missing.includes('chromium') ? ' (ou aponte CHROME_PATH para um Chromium/Chrome)' : ''),
);
process.exit(1);

function debianPostgresVersion() {
  const depends = spawnSync('apt-cache', ['depends', 'postgresql'], { encoding: 'utf8' }).stdout ?? '';
  return /Depends: postgresql-(\d+)\b/.exec(depends)?.[1] ?? '15';
}
