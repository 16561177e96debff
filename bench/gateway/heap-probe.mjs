// Preloaded into the Toolgate child by bench/gateway.bench.ts (`node --expose-gc --import`):
// on SIGUSR2, forces a full GC and prints `heap-probe <heapUsed> <rss> <external>` (bytes) on stdout, so the
// leak check compares heap after GC, not only RSS (which keeps pages the allocator holds on to).
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  const { heapUsed, rss, external } = process.memoryUsage();
  process.stdout.write(`heap-probe ${heapUsed} ${rss} ${external}\n`);
});
