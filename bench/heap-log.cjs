// Where a server's resident memory is, second by second: preload into the server a bench starts, e.g.
//   BENCH_NODE_ARGS="--require ./bench/heap-log.cjs" npm run bench:memory -- --data /tmp/mem-bench
// Each server process appends a line a second to /tmp/seva-heap-<pid>.txt (HEAP_LOG_DIR to put it elsewhere):
// resident memory, V8's heap (total and used) and what lives outside it (`external`: PGlite's WASM memory and the
// Buffers; `arrayBuffers`: the Buffers alone), all in MB. The nineteenth pass of docs/performance.md used it.
const { openSync, writeSync } = require("node:fs");
const path = require("node:path");

const file = openSync(path.join(process.env.HEAP_LOG_DIR ?? "/tmp", `seva-heap-${process.pid}.txt`), "a");
const mb = (bytes) => Math.round(bytes / 1048576);

setInterval(() => {
  const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  const time = new Date().toISOString().slice(11, 19);
  writeSync(
    file,
    `${time} rss ${mb(rss)} heapTotal ${mb(heapTotal)} heapUsed ${mb(heapUsed)} external ${mb(external)} ` +
      `arrayBuffers ${mb(arrayBuffers)}\n`,
  );
}, 1000).unref();
