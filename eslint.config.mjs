import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", "dist/**", "node_modules/**", ".data/**", "drizzle/**", "next-env.d.ts"] },
  // Tests read JSON response bodies; typing every one would add noise, not safety.
  { files: ["test/**", "e2e/**", "inngest/**/*.test.ts"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  { rules: { "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }] } },
  // One validated configuration: the environment is read in server/config.ts (parsed by server/env.ts) and
  // nowhere else in the service. Tests, browser tests, benchmarks and build scripts set up processes, so they may.
  {
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through config() (server/config.ts); declare new variables in server/env.ts." }],
      "no-restricted-syntax": ["error", { selector: "ImportDeclaration[source.value=/^(node:)?process$/] > ImportSpecifier[imported.name='env']", message: "Read configuration through config() (server/config.ts); declare new variables in server/env.ts." }],
    },
  },
  {
    files: ["server/config.ts", "test/**", "e2e/**", "bench/**", "scripts/**", "playwright.config.ts"],
    rules: { "no-restricted-properties": "off", "no-restricted-syntax": "off" },
  },
];

export default config;
