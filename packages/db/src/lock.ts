import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Another process has the embedded database open; the message says what to do. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `O banco embutido em ${dataDir} está em uso pelo processo ${pid} (o servidor?). ` +
        'Pare o servidor antes de usar este comando, ou use um PostgreSQL com DATABASE_URL.',
    );
    this.name = 'DataDirInUseError';
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The embedded database is one process's files: a second process writing them (the CLI while the
 * server runs) would have its writes lost or break the database. Whoever opens the data dir holds
 * `oficina.lock` (with its pid) until it closes; a lock left by a process that died is taken over.
 * Answers the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'oficina.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
        throw new DataDirInUseError(dataDir, pid);
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirInUseError(dataDir, 0);
}
