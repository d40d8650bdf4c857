// The Docker image's run-time tree (docs/decisions/0041-a-small-image.md), assembled in
// .next/standalone after `BUILD_STANDALONE=1 npm run build`:
//   - Next's standalone output: the files its server needs (next itself, react, the packages
//     the routes import, the `.next/` server files, drizzle/), traced by `next build`;
//   - plus what `npm start` and the CLI need besides: dist/*.mjs and the files their external
//     packages reach, traced here with the same tracer (@vercel/nft, compiled into next), and
//     next.config.mjs (which `next()` loads at start) with what it imports;
//   - plus .next/static (the browser's assets, which standalone leaves to a CDN).
// The image copies this folder alone: no node_modules from npm ci, no build-only package.
// Usage: node scripts/image-tree.mjs   (from the project root, after the build)
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { bundleServer } from "./bundle.mjs";

const require = createRequire(import.meta.url);
const { nodeFileTrace } = require("next/dist/compiled/@vercel/nft");

const root = process.cwd();
const out = path.join(root, ".next/standalone");
const entries = ["dist/server.mjs", "dist/cli.mjs", "next.config.mjs"];

if (!fs.existsSync(path.join(out, ".next/BUILD_ID"))) {
  throw new Error(`${out} holds no standalone build: run BUILD_STANDALONE=1 npm run build first`);
}

/**
 * Files a production process never reads, the same that Next leaves out of its own server
 * trace (next/dist/build/collect-build-traces.js): source maps, type declarations, React's
 * development builds, and Next's development runtimes.
 */
const IGNORED = [
  /\.map$/,
  /\.d\.[cm]?ts$/,
  /(^|\/)node_modules\/react(-dom)?\/.*\.development\.js$/,
  /(^|\/)node_modules\/next\/dist\/compiled\/next-server\/.*\.dev\.js$/,
  /(^|\/)node_modules\/next\/dist\/lib\/upgrade\//,
  /(^|\/)node_modules\/next\/dist\/docs\//,
  /(^|\/)node_modules\/@next\/swc-/,
];

/**
 * Files read by a computed path, which no tracer follows: `next()` (not Next's standalone
 * server.js) loads next.config.mjs, and that installs webpack's aliases with require.resolve
 * over a table of names (next/dist/server/config-utils.js).
 */
const EXTRA = [
  "node_modules/next/dist/compiled/webpack",
  "node_modules/next/dist/compiled/@babel/runtime/package.json",
  // The migrations, applied at start-up from ./drizzle (next.config.ts traces them for every
  // route too, so they are here already: this keeps them if that ever changes).
  "drizzle",
];

/**
 * sharp serves only Next's image optimizer (/_next/image), which `images.unoptimized` turns into
 * a 404 before it loads sharp: with that setting the tree goes without it and its libvips.
 */
const serverConfig = JSON.parse(fs.readFileSync(path.join(out, ".next/required-server-files.json"), "utf8")).config;
const SHARP = [/(^|\/)node_modules\/sharp\//, /(^|\/)node_modules\/@img\//];
if (serverConfig.images?.unoptimized) {
  IGNORED.push(...SHARP);
  for (const dir of ["node_modules/sharp", "node_modules/@img"]) fs.rmSync(path.join(out, dir), { recursive: true, force: true });
}

const started = Date.now();
// next.config.ts, which `next()` loads at start and which imports server code, as one file that
// needs no TypeScript sources. Bundled beside the sources only while tracing (its imports resolve
// from here), then removed: Next prefers a next.config.mjs to next.config.ts, so one left behind
// would shadow the real configuration at the next build.
await bundleServer("next.config.ts", "next.config.mjs");
const traced = nodeFileTrace(entries, {
  base: root,
  processCwd: root,
  // As Next traces its own server: CommonJS and ESM in one package, and the files an exports
  // map's "module-sync" condition names. Node ≥ 20.19 matches that condition first, and the
  // catch-all misses it inside an array of targets (async-function, which get-intrinsic
  // requires, has one): name the condition too.
  conditions: ["node", "module-sync"],
  mixedModules: true,
  moduleSyncCatchall: true,
  ignore: (file) => IGNORED.some((re) => re.test(file)),
});
const { fileList, warnings } = await traced.finally(() => {
  fs.copyFileSync("next.config.mjs", path.join(out, "next.config.mjs"));
  fs.rmSync("next.config.mjs");
  fs.rmSync("next.config.mjs.map", { force: true });
});
// The tracer's warnings are about optional packages it cannot find and non-JavaScript files it
// tried to parse (licences, .so files): `TRACE_WARNINGS=1` prints them.
if (process.env.TRACE_WARNINGS === "1") for (const warning of warnings) console.warn(`trace: ${warning.message}`);

let added = 0;
let bytes = 0;
/** Copies one traced path (a file, or a symlink as a symlink) into the tree unless it is there. */
function copy(rel) {
  const from = path.join(root, rel);
  const to = path.join(out, rel);
  let st;
  try {
    st = fs.lstatSync(from);
  } catch {
    return; // traced but absent (an optional file): nothing to copy
  }
  if (st.isDirectory() || fs.existsSync(to) || isLink(to)) return;
  fs.mkdirSync(path.dirname(to), { recursive: true });
  if (st.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(from), to);
  else {
    fs.copyFileSync(from, to);
    fs.chmodSync(to, st.mode);
    bytes += st.size;
  }
  added += 1;
}
function isLink(p) {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

for (const rel of fileList) copy(rel);
for (const rel of EXTRA) {
  const files = fs.statSync(path.join(root, rel)).isDirectory()
    ? fs.readdirSync(path.join(root, rel), { recursive: true }).map((name) => path.join(rel, name))
    : [rel];
  for (const file of files) if (!IGNORED.some((re) => re.test(file))) copy(file);
}
// The browser's assets: standalone leaves them out (a CDN's job there); our server serves them.
fs.cpSync(path.join(root, ".next/static"), path.join(out, ".next/static"), { recursive: true });
// Standalone's own entry point: `npm start` is dist/server.mjs, never this.
fs.rmSync(path.join(out, "server.js"), { force: true });

console.log(
  `image tree: ${fileList.size} files traced from ${entries.join(", ")} in ${Date.now() - started} ms; ` +
    `${added} added to Next's standalone output (${(bytes / 1048576).toFixed(1)} MiB)`,
);
