// Bundles a server entry point with esbuild: our own code in one file, node_modules external.
// Used by `npm run build` (server/main.ts → dist/server.mjs) and by the benches.
import { createRequire } from "node:module";
import { build } from "esbuild";

const require = createRequire(import.meta.url);

/**
 * Node's ESM loader wants full file names inside packages without an exports map
 * (`nodemailer/lib/addressparser` → `…/index.js`, `…/relaxed-body` → `….js`).
 */
const directoryImports = {
  name: "directory-imports",
  setup(b) {
    b.onResolve({ filter: /^(@[^/]+\/)?[^./][^/]*\/[^.]+$/ }, (args) => {
      let resolved;
      try {
        resolved = require.resolve(args.path);
      } catch {
        return undefined;
      }
      for (const suffix of [".js", "/index.js"]) {
        if (resolved.endsWith(`/node_modules/${args.path}${suffix}`)) return { path: `${args.path}${suffix}`, external: true };
      }
      return undefined;
    });
  },
};

export async function bundleServer(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    plugins: [directoryImports],
    sourcemap: true,
    logLevel: "warning",
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  return outfile;
}
