// Bundles the bench server with esbuild, as scripts/build-server.mjs bundles server/main.ts
// for `npm start`: the benches measure the compiled server, not tsx's on-the-fly transform.
import { createRequire } from "node:module";
import { build } from "esbuild";

const require = createRequire(import.meta.url);

/**
 * Packages stay external, but Node's ESM loader wants full file names inside packages
 * without an exports map (`nodemailer/lib/addressparser` → `…/index.js`, `…/relaxed-body` → `….js`).
 */
const directoryImports = {
  name: "directory-imports",
  setup(b) {
    b.onResolve({ filter: /^(@[^/]+\/)?[^./][^/]*\/[^.]+$/ }, (args) => {
      let resolved;
      try { resolved = require.resolve(args.path); } catch { return undefined; }
      for (const suffix of [".js", "/index.js"]) {
        if (resolved.endsWith(`/node_modules/${args.path}${suffix}`)) return { path: `${args.path}${suffix}`, external: true };
      }
      return undefined;
    });
  },
};

export async function buildBenchServer() {
  const outfile = "dist/bench-server.mjs";
  await build({
    entryPoints: ["bench/lib/server.ts"],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    plugins: [directoryImports],
    logLevel: "warning",
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return outfile;
}
