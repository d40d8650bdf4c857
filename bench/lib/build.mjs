// The benches measure the compiled server (the same bundling as `npm start`), not tsx's on-the-fly transform.
import { bundleServer } from "../../scripts/bundle.mjs";

export function buildBenchServer() {
  return bundleServer("bench/lib/server.ts", "dist/bench-server.mjs");
}
