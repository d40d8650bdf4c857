import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native/wasm and socket-holding packages stay as Node requires, shared with the custom server.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "postgres",
    "mailauth",
    "dns2",
    "inngest",
    "@aws-sdk/client-sesv2",
  ],
  // The build checks the app's own code; tests and scripts are checked by `npm run typecheck`.
  typescript: { tsconfigPath: "tsconfig.app.json" },
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
