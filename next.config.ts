import type { NextConfig } from "next";
import { checkVercelBuild } from "./server/config";
import { SECURITY_HEADERS } from "./server/http/security-headers";

// On Vercel the build refuses a configuration every request would fail on (no DATABASE_URL).
checkVercelBuild();

const nextConfig: NextConfig = {
  // The Docker image's build (and only it) sets BUILD_STANDALONE=1: Next then copies the files its
  // server needs, traced, into .next/standalone, and the image takes those instead of node_modules
  // (docs/decisions/0041-a-small-image.md). `npm run build` on a host is unchanged. A build
  // switch read by next build, not a setting of the service: not in server/config.ts.
  // eslint-disable-next-line no-restricted-properties
  ...(process.env.BUILD_STANDALONE === "1" ? { output: "standalone" as const } : {}),
  // Native/wasm and socket-holding packages stay as Node requires, shared with the custom server.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "postgres",
    "mailauth",
    "dns2",
    "inngest",
    "@aws-sdk/client-sesv2",
    "prom-client",
  ],
  // The build checks the app's own code; tests and scripts are checked by `npm run typecheck`.
  typescript: { tsconfigPath: "tsconfig.app.json" },
  // Files read at run time by a path tracing cannot follow, by route (a glob over route names).
  outputFileTracingIncludes: {
    // The renderer's bundle, from node_modules.
    "/docs/api/scalar.js": ["./node_modules/@scalar/api-reference/dist/browser/standalone.js"],
    // The migrations, which server/db/migrate.ts applies when a function first opens the
    // database. Every route but /docs may open it (the dashboard's pages, /v1, /api/*, /t,
    // /unsubscribe, /metrics, …); a pattern per route would miss the next page added, and
    // drizzle/ is a few hundred KB.
    "/**": ["./drizzle/**"],
  },
  poweredByHeader: false,
  // No page uses next/image: /_next/image answers 404 rather than run an optimizer nobody asked
  // for, and the Docker image leaves out its native library (sharp, ~19 MB; scripts/image-tree.mjs).
  images: { unoptimized: true },
  typedRoutes: false,
  // An unmatched path asked for by anything but a browser wanting a page gets the API's 404
  // envelope from the /api catch-all (app/api/[...unknown]/route.ts); a browser gets app/not-found.tsx.
  // "fallback" rewrites apply only once every page and route failed to match.
  async rewrites() {
    return {
      beforeFiles: [],
      afterFiles: [],
      fallback: [
        {
          source: "/:path*",
          missing: [{ type: "header", key: "accept", value: "(?:.*)text/html(?:.*)" }],
          destination: "/api/unmatched-route/:path*",
        },
      ],
    };
  },
  // Dashboard, /docs and every App Router route; the node:http server adds the same to its own answers.
  async headers() {
    return [{ source: "/:path*", headers: Object.entries(SECURITY_HEADERS).map(([key, value]) => ({ key, value })) }];
  },
};

export default nextConfig;
