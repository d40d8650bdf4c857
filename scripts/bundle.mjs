// Bundles server entry points with esbuild, node_modules external: `npm run build`'s
// (server/main.ts → dist/server.mjs, server/cli/index.ts → dist/cli.mjs, with their chunks)
// and the benches' and tests' one-file servers.
import { createRequire } from "node:module";
import path from "node:path";
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

const options = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  plugins: [directoryImports],
  sourcemap: true,
  logLevel: "warning",
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
};

/** One entry point as one file (the benches' and tests' servers, next.config.mjs for the image). */
export async function bundleServer(entry, outfile) {
  await build({ ...options, entryPoints: [entry], outfile });
  return outfile;
}

/**
 * `npm run build`'s entry points ({ name: source }) as `outdir/<name>.mjs`, split at every
 * `import()`: what one reaches, with the packages it imports, is a chunk beside them
 * (`outdir/chunk-<hash>.mjs`) that Node loads when the `import()` runs. In one file, esbuild
 * would hoist every package a lazily imported module imports to the top, and a process would
 * load them all at start (docs/decisions/0044-start-up-loads-what-it-uses.md). The chunks stay
 * in `outdir` itself: code reading files relative to its own module (server/db/migrate.ts) sees
 * the directory it saw in one file. Chunks of earlier builds are left in place: they are named
 * by their content, and a server still running from an earlier build (a host rebuilding before
 * it restarts the service) loads its own chunks on first use. The image's tracer takes only
 * the chunks the entries reach.
 */
export async function bundleServerEntries(entryPoints, outdir) {
  await build({
    ...options,
    entryPoints,
    outdir,
    splitting: true,
    chunkNames: "chunk-[hash]",
    outExtension: { ".js": ".mjs" },
  });
  return Object.keys(entryPoints).map((name) => path.join(outdir, `${name}.mjs`));
}
