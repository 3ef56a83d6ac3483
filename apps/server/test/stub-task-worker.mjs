// A task thread for the pool's own tests: every start answers its input, every call its arguments;
// the task 'fail' answers a refusal carrying a status, and 'crash' ends the thread.
import { parentPort } from 'node:worker_threads';

parentPort.on('message', (m) => {
  if (m.type === 'start' && m.task === 'crash') process.exit(3);
  if (m.type === 'start' && m.task === 'fail')
    parentPort.postMessage({ id: m.id, error: 'recusado', detail: { statusCode: 422, errors: { file: ['x'] } } }, []);
  else if (m.type === 'start') parentPort.postMessage({ id: m.id, result: m.input }, []);
  else if (m.type === 'call') parentPort.postMessage({ id: m.id, result: m.args }, []);
});
