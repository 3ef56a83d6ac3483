// Entry of a PDF worker thread. The renderers are TypeScript: tsx is registered here, in the thread
// itself, so the worker loads them whether the server runs through `node --import tsx` or a test runner.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
