import { parentPort } from 'node:worker_threads';
import { lowerThreadPriority } from './lib/thread-priority.ts';
import type { TaskAnswer, TaskStart } from './lib/task-pool.ts';

// A thread of the task pool (src/tasks.ts): one session at a time — a task started with its input,
// then the calls of that session — at the lowest CPU priority. A task's module is loaded when the
// thread first runs it.
lowerThreadPriority();

const tasks: Record<string, () => Promise<TaskStart>> = {
  'import-check': () => import('./modules/imports/import-check.ts').then((m) => m.startImportCheck as TaskStart),
  deflate: () => import('./lib/zip-deflate.ts').then((m) => m.deflateTask as TaskStart),
  'report-csv': () => import('./core/reports/report-csv.ts').then((m) => m.reportCsvTask as TaskStart),
};

type Calls = Record<string, (args: never) => Promise<TaskAnswer> | TaskAnswer>;
let calls: Calls | undefined;

/** An error as it crosses to the main thread: its message, and an HTTP status and errors when it has them. */
const detailOf = (err: unknown) => {
  const e = err as { statusCode?: unknown; errors?: unknown };
  return typeof e?.statusCode === 'number' ? { statusCode: e.statusCode, errors: e.errors } : {};
};

parentPort!.on(
  'message',
  async (msg: {
    type: 'start' | 'call' | 'end';
    id: number;
    task?: string;
    input?: unknown;
    method?: string;
    args?: unknown;
  }) => {
    if (msg.type === 'end') {
      calls = undefined;
      return;
    }
    try {
      let answer: TaskAnswer;
      if (msg.type === 'start') {
        const start = await tasks[msg.task!]!();
        const started = await start(msg.input as never);
        calls = started.calls;
        answer = started.answer;
      } else {
        const call = calls?.[msg.method!];
        if (!call) throw new Error(`no call ${msg.method} in this session`);
        answer = await call(msg.args as never);
      }
      parentPort!.postMessage({ id: msg.id, result: answer.result }, answer.transfer ?? []);
    } catch (err) {
      parentPort!.postMessage(
        { id: msg.id, error: err instanceof Error ? err.message : String(err), detail: detailOf(err) },
        [],
      );
    }
  },
);
