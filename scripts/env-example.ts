// Writes .env.example from the variables declared in server/env.ts (`npm run env:example`).
// test/env-example.test.ts fails when the checked-in file and the schema disagree.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defaultText, ENV_NAMES, envDoc, type VariableDoc } from "../server/env";

export const ENV_EXAMPLE_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", ".env.example");

const HEADINGS: Record<VariableDoc["section"], string> = {
  configuration: "Configuration",
  tuning: "Tuning (defaults suit most deployments)",
};

/** Each variable commented out at its default: an empty value would also mean the default, but the SDKs we share variables with may read it differently. */
export function renderEnvExample(): string {
  const lines = [
    '# Every environment variable Posthaste reads, at its default (README, "Configuration").',
    "# Generated from server/env.ts by `npm run env:example`: edit the schema, not this file.",
    "# Unset and empty mean the same: the default. Set values in the server's environment",
    "# (service manager, `docker run --env-file`, …).",
  ];
  for (const section of Object.keys(HEADINGS) as VariableDoc["section"][]) {
    lines.push("", `## ${HEADINGS[section]}`);
    for (const name of ENV_NAMES) {
      const doc = envDoc(name);
      if (doc.section === section) lines.push("", `# ${doc.doc}`, `# ${name}=${defaultText(name)}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(ENV_EXAMPLE_PATH, renderEnvExample());
  console.log(`wrote ${path.relative(process.cwd(), ENV_EXAMPLE_PATH)}`);
}
