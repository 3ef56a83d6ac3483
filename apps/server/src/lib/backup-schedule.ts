import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { encryptArchive } from './backup-crypt.ts';
import { join } from 'node:path';

/**
 * A cron expression: `minute hour day-of-month month day-of-week` (five fields, as crontab), or six
 * with seconds first. Each field takes `*`, numbers, ranges `a-b`, lists `a,b` and steps `*\/n` or
 * `a-b/n`; day-of-week 0 and 7 are Sunday. As in crontab, when both day fields are restricted a day
 * matching either one runs. Times are the server's local time (TZ).
 */
export interface CronSchedule {
  seconds: Set<number>;
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  anyDay: boolean;
  anyWeekday: boolean;
}

const FIELDS = [
  { name: 'segundo', min: 0, max: 59 },
  { name: 'minuto', min: 0, max: 59 },
  { name: 'hora', min: 0, max: 23 },
  { name: 'dia do mês', min: 1, max: 31 },
  { name: 'mês', min: 1, max: 12 },
  { name: 'dia da semana', min: 0, max: 7 },
] as const;

function parseField(text: string, { name, min, max }: (typeof FIELDS)[number]): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new Error(`BACKUP_CRON: ${name} inválido: "${part}"`);
    const from = m[1] === '*' ? min : Number(m[2]);
    const to = m[1] === '*' ? max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? max : from;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    if (from < min || to > max || from > to || step < 1)
      throw new Error(`BACKUP_CRON: ${name} fora de ${min}–${max}: "${part}"`);
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5 && parts.length !== 6)
    throw new Error(`BACKUP_CRON: use 5 campos (minuto hora dia mês dia-da-semana), veio "${expression}"`);
  const fields = parts.length === 5 ? ['0', ...parts] : parts;
  const [seconds, minutes, hours, days, months, weekdays] = fields.map((f, i) => parseField(f, FIELDS[i]!));
  // Sunday is 0 and 7.
  if (weekdays!.has(7)) weekdays!.add(0);
  return {
    seconds: seconds!,
    minutes: minutes!,
    hours: hours!,
    days: days!,
    months: months!,
    weekdays: weekdays!,
    anyDay: fields[3] === '*',
    anyWeekday: fields[5] === '*',
  };
}

function dayMatches(s: CronSchedule, d: Date): boolean {
  const dom = s.days.has(d.getDate());
  const dow = s.weekdays.has(d.getDay());
  if (s.anyDay && s.anyWeekday) return true;
  if (s.anyDay) return dow;
  if (s.anyWeekday) return dom;
  return dom || dow;
}

/** The first time strictly after `after` that the schedule names (undefined if none within 5 years). */
export function nextRun(s: CronSchedule, after: Date): Date | undefined {
  const t = new Date(after.getTime());
  t.setMilliseconds(0);
  t.setSeconds(t.getSeconds() + 1);
  const limit = after.getTime() + 5 * 366 * 86_400_000;
  while (t.getTime() <= limit) {
    if (!s.months.has(t.getMonth() + 1)) {
      t.setMonth(t.getMonth() + 1, 1);
      t.setHours(0, 0, 0);
      continue;
    }
    if (!dayMatches(s, t)) {
      t.setDate(t.getDate() + 1);
      t.setHours(0, 0, 0);
      continue;
    }
    if (!s.hours.has(t.getHours())) {
      t.setHours(t.getHours() + 1, 0, 0);
      continue;
    }
    if (!s.minutes.has(t.getMinutes())) {
      t.setMinutes(t.getMinutes() + 1, 0);
      continue;
    }
    if (!s.seconds.has(t.getSeconds())) {
      t.setSeconds(t.getSeconds() + 1);
      continue;
    }
    return t;
  }
  return undefined;
}

/** Archives the schedule writes and prunes: `oficina-<local date and time>.tar.gz` (`.enc` after it when encrypted). */
const ARCHIVE = /^oficina-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.tar\.gz(\.enc)?$/;
const pad = (n: number) => String(n).padStart(2, '0');
export const archiveName = (d: Date, encrypted = false) =>
  `oficina-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}-${pad(d.getMinutes())}-${pad(d.getSeconds())}.tar.gz${encrypted ? '.enc' : ''}`;

/** Deletes the schedule's archives in `dir` older than `keepDays` days (by modification time). */
export async function pruneBackups(dir: string, keepDays: number, now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(dir)) {
    if (!ARCHIVE.test(name)) continue;
    const { mtimeMs } = await stat(join(dir, name));
    if (now - mtimeMs > keepDays * 86_400_000) {
      await rm(join(dir, name), { force: true });
      removed.push(name);
    }
  }
  return removed;
}

export interface BackupScheduleOptions {
  schedule: CronSchedule;
  dir: string;
  keepDays: number;
  /** Makes one archive (the same as `npm run cli -- backup`). */
  make: () => Promise<Buffer>;
  /** BACKUP_PASSPHRASE: each archive sealed with it (lib/backup-crypt.ts) and named `….tar.gz.enc`. */
  passphrase?: string;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * Runs the backup at each time the schedule names, inside the server process: writes the archive to
 * `dir` (a temporary name, then renamed, so a half-written archive never looks like a backup), then
 * deletes the schedule's archives older than `keepDays`. A failure is logged and the next run still
 * happens; a run that finds the previous one still going is skipped.
 */
export function startBackupSchedule(opts: BackupScheduleOptions) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running = false;
  const arm = () => {
    if (stopped) return;
    const at = nextRun(opts.schedule, new Date());
    if (!at) return;
    // setTimeout holds at most ~24.8 days; a longer wait re-arms on the way.
    const wait = Math.min(at.getTime() - Date.now(), 2 ** 31 - 1);
    timer = setTimeout(() => (at.getTime() - Date.now() > 1000 ? arm() : void run(at).finally(arm)), wait);
    timer.unref();
  };
  const run = async (at: Date) => {
    if (running) return;
    running = true;
    const name = archiveName(at, !!opts.passphrase);
    const tmp = join(opts.dir, `.${name}.tmp`);
    try {
      await mkdir(opts.dir, { recursive: true });
      const made = await opts.make();
      const archive = opts.passphrase ? encryptArchive(made, opts.passphrase) : made;
      await writeFile(tmp, archive);
      await rename(tmp, join(opts.dir, name));
      const removed = await pruneBackups(opts.dir, opts.keepDays);
      opts.log.info({ file: join(opts.dir, name), bytes: archive.length, removed }, 'scheduled backup written');
    } catch (err) {
      await rm(tmp, { force: true }).catch(() => undefined);
      opts.log.error({ err }, 'scheduled backup failed');
    } finally {
      running = false;
    }
  };
  arm();
  return {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
