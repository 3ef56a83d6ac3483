import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';

/**
 * How many server processes to run: WEB_CONCURRENCY when set, else one per core; always 1 on the
 * embedded database (one process owns its files). A value that is not a whole number ≥ 1 is refused.
 */
export function serverProcesses(env: NodeJS.ProcessEnv, cores = availableParallelism()): number {
  const asked = env.WEB_CONCURRENCY?.trim();
  if (asked && !/^[1-9]\d*$/.test(asked)) {
    console.error(`ERRO ao iniciar: WEB_CONCURRENCY deve ser um número inteiro ≥ 1 (recebido: ${asked}).`);
    process.exit(1);
  }
  if (!env.DATABASE_URL) {
    if (asked && asked !== '1') {
      console.error('WEB_CONCURRENCY ignorado: o banco embutido (sem DATABASE_URL) roda em um único processo.');
    }
    return 1;
  }
  return asked ? Number(asked) : cores;
}

/** A worker that dies after having served is replaced, but not more often than this. */
const RESTART_DELAY_MS = 1000;

/**
 * The primary process: forks `count` workers (each runs server.ts on the same port; the primary hands
 * them connections in turn), replaces one that dies while serving, and on SIGTERM/SIGINT passes the
 * signal on, waits for every worker to drain, and exits. A worker that fails before listening (bad
 * settings, database unreachable) ends the whole server with its exit code: restarting it would fail
 * the same way.
 */
export function runCluster(count: number) {
  let stopping = false;
  const listening = new Set<Worker>();
  const fork = (index: number) => {
    const worker = cluster.fork({ WORKER_INDEX: String(index) });
    worker.once('listening', () => listening.add(worker));
    worker.once('exit', (code, signal) => {
      const served = listening.delete(worker);
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
        return;
      }
      if (!served) {
        console.error(`processo ${index} do servidor terminou ao iniciar (código ${code ?? signal}); encerrando`);
        stopping = true;
        for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
        process.exitCode = code || 1;
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode);
        return;
      }
      console.error(`processo ${index} do servidor terminou (código ${code ?? signal}); iniciando outro`);
      setTimeout(() => fork(index), RESTART_DELAY_MS);
    });
  };
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < count; i++) fork(i);
}
