import { migrate, openDatabase } from '@oficina/db';
import { startCluster } from '/work/wt/i14/apps/server/test/postgres-cluster.ts';
import { generateOrders } from '/work/wt/i14/bench/src/generate-orders.ts';
const c = await startCluster();
const url = c.url('postgres');
const d = await openDatabase({ databaseUrl: url });
await migrate(d);
const g = await generateOrders(d, {});
await d.close();
console.log(JSON.stringify({ url, ...g }));
process.on('SIGTERM', () => {
  c.stop();
  process.exit(0);
});
setInterval(() => {}, 1e9);
