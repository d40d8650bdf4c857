import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// server/ never imports its faces: app/ and inngest/'s functions (the jobs driver may signal through inngest/client).
const noFaces = {
  regex: "^(@/|(\\.\\./)+)(app(/|$)|inngest/(?!client$))",
  message:
    "server/ must not import app/ or inngest/'s functions (they are faces over the core); the jobs driver may use inngest/client to signal.",
};

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", ".vercel/**", "dist/**", "node_modules/**", ".data/**", "drizzle/**", "next-env.d.ts"] },
  // Tests read JSON response bodies; typing every one would add noise, not safety.
  { files: ["test/**", "e2e/**", "inngest/**/*.test.ts"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  { rules: { "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }] } },
  // One validated configuration: the environment is read in server/config.ts (parsed by server/env.ts) and
  // nowhere else in the service. Tests, browser tests, benchmarks and build scripts set up processes, so they may.
  {
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read configuration through config() (server/config.ts); declare new variables in server/env.ts.",
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value=/^(node:)?process$/] > ImportSpecifier[imported.name='env']",
          message: "Read configuration through config() (server/config.ts); declare new variables in server/env.ts.",
        },
      ],
    },
  },
  {
    files: ["server/config.ts", "test/**", "e2e/**", "bench/**", "scripts/**", "playwright.config.ts", "vitest.config.ts"],
    rules: { "no-restricted-properties": "off", "no-restricted-syntax": "off" },
  },
  // Modules form layers, not loops: a cycle means two files share a job that belongs in a third.
  {
    files: ["server/**", "app/**"],
    // Dependencies are not ours to untangle (and parsing some of them overflows the stack).
    settings: { "import/ignore": ["node_modules"] },
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  // The core knows nothing of its faces: the dashboard (app/) and the Inngest wiring call into server/, never the reverse.
  {
    files: ["server/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [noFaces],
        },
      ],
    },
  },
  // Arrows point down: an area (server/<area>/) holds rules, and the faces that serve them over
  // HTTP (server/api: tRPC procedures; server/http: routes and carriers) call into it, never the reverse.
  {
    files: ["server/*/**"],
    ignores: ["server/api/**", "server/http/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            noFaces,
            {
              regex: "^(@/server/|(\\.\\./)+)(api|http)(/|$)",
              message:
                "An area must not import server/api or server/http: move the shared piece down (server/lib or the area that owns it), or the HTTP handling up into server/http/routes.",
            },
          ],
        },
      ],
    },
  },
];

export default config;
