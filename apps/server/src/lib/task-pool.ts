import { Worker } from 'node:worker_threads';

/**
 * Worker threads for an organization's bulk work — reading and checking a spreadsheet, compressing an
 * archive's files, writing a CSV — so that seconds of CPU for one organization never hold up the event
 * loop that answers everyone else. The threads run at the lowest CPU priority (lib/thread-priority.ts).
 *
 * Work comes in lanes ('import', 'zip', 'csv'), each with a cap per key (the organization) and a cap
 * for the process; work past a cap waits its turn (oldest first, skipping a key at its cap), so one
 * organization queues behind itself and never takes every thread. A session holds one thread for a
 * task and the calls that follow it (an import's batches); `run` is a session of one call.
 *
 * The entry module answers messages: {type: 'start', id, task, input} → {id, result} (or {id, error});
 * {type: 'call', id, method, args} → the same; {type: 'end'} ends the session.
 */
export interface Lane {
  /** At most this many at once per key. */
  perKey: number;
  /** At most this many at once in the process. */
  total: number;
}

export interface TaskPoolOptions<L extends string> {
  entry: URL;
  lanes: Record<L, Lane>;
  /** Threads at most, all lanes together. */
  threads: number;
  /** A thread's heap limit: a task past it fails (the thread is replaced), the process goes on. */
  memoryMb: number;
  /** A thread idle this long is stopped (its libraries' memory back to the system). */
  idleMs: number;
}

/** A task whose thread failed: ran out of its memory, crashed, or the pool closed. */
export class TaskFailed extends Error {
  constructor(
    message: string,
    readonly outOfMemory = false,
  ) {
    super(message);
  }
}

/** What a task (or a call of its session) answers inside the thread, with the buffers to move rather than copy. */
export interface TaskAnswer {
  result: unknown;
  transfer?: ArrayBuffer[];
}
/** A task inside the thread: its start's answer, and the calls its session takes. */
export type TaskStart = (input: never) => Promise<{
  answer: TaskAnswer;
  calls?: Record<string, (args: never) => Promise<TaskAnswer> | TaskAnswer>;
}>;

/** A task's own refusal, as it left the thread: its message and what it carried (an HTTP status and errors). */
export class TaskRefused extends Error {
  constructor(
    message: string,
    readonly detail: Record<string, unknown>,
  ) {
    super(message);
  }
}

export interface Session<T = unknown> {
  /** What the task's start answered. */
  initial: T;
  call<R = unknown>(method: string, args?: unknown, transfer?: ArrayBuffer[]): Promise<R>;
  /** Ends the session: its thread takes the next task. */
  close(): void;
}

interface Waiting<L> {
  lane: L;
  key: string | number;
  start: () => void;
}

interface Thread {
  worker: Worker;
  busy: boolean;
  idle?: NodeJS.Timeout;
  replies: Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>;
}

export class TaskPool<L extends string> {
  private readonly threads: Thread[] = [];
  private readonly waiting: Waiting<L>[] = [];
  private readonly running = new Map<string, number>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly opts: TaskPoolOptions<L>) {}

  /** How many of `key`'s tasks in `lane` run and wait now (a screen tells its user it is waiting). */
  state(lane: L, key: string | number) {
    return {
      running: this.running.get(`${lane}:${key}`) ?? 0,
      waiting: this.waiting.filter((w) => w.lane === lane && w.key === key).length,
    };
  }

  async run<T>(lane: L, key: string | number, task: string, input: unknown, transfer?: ArrayBuffer[]): Promise<T> {
    const session = await this.session<T>(lane, key, task, input, transfer);
    session.close();
    return session.initial;
  }

  /** Waits for room in the lane, starts `task` with `input` on a thread, and keeps that thread until close(). */
  async session<T>(
    lane: L,
    key: string | number,
    task: string,
    input: unknown,
    transfer?: ArrayBuffer[],
  ): Promise<Session<T>> {
    await this.admit(lane, key);
    let thread: Thread;
    try {
      thread = this.thread();
    } catch (err) {
      this.release(lane, key);
      throw err;
    }
    let open = true;
    const close = () => {
      if (!open) return;
      open = false;
      if (this.threads.includes(thread)) {
        // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's port, not a window
        thread.worker.postMessage({ type: 'end' });
        this.rest(thread);
      }
      this.release(lane, key);
    };
    try {
      const initial = (await this.ask(thread, { type: 'start', task, input }, transfer)) as T;
      return {
        initial,
        call: <R>(method: string, args?: unknown, moved?: ArrayBuffer[]) =>
          open
            ? (this.ask(thread, { type: 'call', method, args }, moved) as Promise<R>)
            : Promise.reject(new TaskFailed('session closed')),
        close,
      };
    } catch (err) {
      close();
      throw err;
    }
  }

  /** Stops every thread (tests, shutdown); waiting and running tasks fail. */
  async close() {
    this.closed = true;
    this.waiting.splice(0);
    await Promise.all(this.threads.splice(0).map((t) => this.drop(t, new TaskFailed('task pool closed'))));
  }

  private count(name: string) {
    return this.running.get(name) ?? 0;
  }

  private fits(lane: L, key: string | number) {
    const cap = this.opts.lanes[lane];
    return (
      this.count(`${lane}:${key}`) < cap.perKey && this.count(lane) < cap.total && this.count('*') < this.opts.threads
    );
  }

  private admit(lane: L, key: string | number): Promise<void> {
    if (this.closed) return Promise.reject(new TaskFailed('task pool closed'));
    const take = () => {
      for (const name of [`${lane}:${key}`, lane, '*']) this.running.set(name, this.count(name) + 1);
    };
    if (!this.waiting.length && this.fits(lane, key)) {
      take();
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.waiting.push({ lane, key, start: () => (take(), resolve()) });
      this.wake();
    });
  }

  private release(lane: L, key: string | number) {
    for (const name of [`${lane}:${key}`, lane, '*']) {
      const n = this.count(name) - 1;
      if (n > 0) this.running.set(name, n);
      else this.running.delete(name);
    }
    this.wake();
  }

  /** Starts, oldest first, every waiting task that now fits. */
  private wake() {
    for (let i = 0; i < this.waiting.length;) {
      const w = this.waiting[i]!;
      if (this.fits(w.lane, w.key)) {
        this.waiting.splice(i, 1);
        w.start();
      } else i++;
    }
  }

  /** A free thread, or a new one (admission keeps the busy ones within `threads`). */
  private thread(): Thread {
    const free = this.threads.find((t) => !t.busy);
    const thread = free ?? this.spawn();
    clearTimeout(thread.idle);
    thread.busy = true;
    thread.worker.ref();
    return thread;
  }

  private spawn(): Thread {
    const worker = new Worker(this.opts.entry, {
      // The source entry registers tsx itself; the parent's flags (--import tsx, a test runner's) stay out.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.opts.memoryMb },
    });
    const thread: Thread = { worker, busy: false, replies: new Map() };
    worker.on('message', (msg: { id: number; result?: unknown; error?: string; detail?: Record<string, unknown> }) => {
      const reply = thread.replies.get(msg.id);
      if (!reply) return;
      thread.replies.delete(msg.id);
      if (msg.error !== undefined) reply.reject(new TaskRefused(msg.error, msg.detail ?? {}));
      else reply.resolve(msg.result);
    });
    worker.on('error', (err: Error & { code?: string }) =>
      this.drop(thread, new TaskFailed(err.message, err.code === 'ERR_WORKER_OUT_OF_MEMORY')),
    );
    worker.on('exit', (code) => this.drop(thread, new TaskFailed(`task worker exited with code ${code}`)));
    worker.unref();
    this.threads.push(thread);
    return thread;
  }

  private ask(thread: Thread, message: object, transfer?: ArrayBuffer[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      thread.replies.set(id, { resolve, reject });
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's port, not a window
      thread.worker.postMessage({ ...message, id }, transfer ?? []);
    });
  }

  /** A thread back to idle; stopped once it has been idle for `idleMs`. */
  private rest(thread: Thread) {
    thread.busy = false;
    thread.worker.unref();
    thread.idle = setTimeout(() => void this.drop(thread, new TaskFailed('idle')), this.opts.idleMs);
    thread.idle.unref();
  }

  /** The thread leaves the pool; what it was doing fails. */
  private async drop(thread: Thread, err: TaskFailed) {
    const index = this.threads.indexOf(thread);
    if (index >= 0) this.threads.splice(index, 1);
    clearTimeout(thread.idle);
    for (const reply of thread.replies.values()) reply.reject(err);
    thread.replies.clear();
    await thread.worker.terminate();
  }
}
