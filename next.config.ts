import type { NextConfig } from "next";
import { SECURITY_HEADERS } from "./server/http/security-headers";

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
  // Dashboard, /docs and every App Router route; the node:http server adds the same to its own answers.
  async headers() {
    return [{ source: "/:path*", headers: Object.entries(SECURITY_HEADERS).map(([key, value]) => ({ key, value })) }];
  },
};

export default nextConfig;
