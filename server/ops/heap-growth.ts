import v8 from "node:v8";

/**
 * V8 lets the heap grow to about four times what survived the last full collection on a
 * machine with 16 GB or more, so a server at a steady 100–150 MB of live data idled at
 * 450 MB per process after a burst, nearly all of it garbage awaiting a collection that
 * nothing hurried (docs/benchmarks.md). Twice the live data bounds that at a few per cent
 * more GC time, and unlike a heap cap it still lets a burst of large requests through.
 * An operator's own `--heap-growing-percent` (NODE_OPTIONS or the command line) wins.
 */
const GROWING_PERCENT = 100;

export function boundHeapGrowth(): void {
  // Node's own variable, not a setting of ours: read here, not through server/config.ts.
  // eslint-disable-next-line no-restricted-properties
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].some((arg) =>
    /^--heap[-_]growing[-_]percent\b/.test(arg),
  );
  if (!given) v8.setFlagsFromString(`--heap-growing-percent=${GROWING_PERCENT}`);
}
