import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", "dist/**", "node_modules/**", ".data/**", "drizzle/**", "next-env.d.ts"] },
  // Tests read JSON response bodies; typing every one would add noise, not safety.
  { files: ["test/**", "e2e/**", "inngest/**/*.test.ts"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  { rules: { "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }] } },
];

export default config;
