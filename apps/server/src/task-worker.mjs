// Entry of a task worker thread run from source: tsx is registered in the thread itself, so the tasks'
// TypeScript loads whether the server runs through `node --import tsx` or a test runner.
import { register } from 'tsx/esm/api';

register();
await import('./task-worker.ts');
