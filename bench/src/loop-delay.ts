// Preloaded into the server process by the pdf-stall benchmark (node --import): watches the event loop
// with monitorEventLoopDelay and, on SIGUSR2, writes what it saw since the last signal to the file named
// by LOOP_DELAY_OUT (JSON, milliseconds) and starts again. The server's own code is not involved.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const out = process.env.LOOP_DELAY_OUT;
if (out) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns: number) => +(ns / 1e6).toFixed(1);
    writeFileSync(
      out,
      JSON.stringify({
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        samples: histogram.count,
      }),
    );
    histogram.reset();
  });
}
