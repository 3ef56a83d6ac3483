// The server's entry (`npm start`, `npm run serve`). With PostgreSQL (DATABASE_URL) it runs
// WEB_CONCURRENCY processes on the same port (node:cluster), by default one per core: a Node process
// uses one core, and everything the processes share (sessions, rate limits, idempotency keys, job
// leases) already lives in the database. The embedded database belongs to one process, so without
// DATABASE_URL the server is always a single process.
import cluster from 'node:cluster';
import { runCluster, serverProcesses } from './lib/cluster.ts';

const processes = serverProcesses(process.env);
if (cluster.isPrimary && processes > 1) {
  runCluster(processes);
} else {
  await import('./server.ts');
}
