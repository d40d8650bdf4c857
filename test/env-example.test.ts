import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ENV_EXAMPLE_PATH, renderEnvExample } from "../scripts/env-example";
import { ENV_NAMES, envDoc } from "../server/env";

/** The variables named in the first column of a README table under `heading`. */
function readmeTable(readme: string, heading: string): string[] {
  const start = readme.indexOf(`\n${heading}\n`);
  expect(start, `README has "${heading}"`).toBeGreaterThan(-1);
  const rows = readme.slice(start + heading.length + 2).split("\n");
  const table = rows.slice(rows.findIndex((line) => line.startsWith("|")));
  const body = table
    .slice(
      0,
      table.findIndex((line) => !line.startsWith("|")),
    )
    .slice(2);
  return body.flatMap((row) => [...row.split("|")[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
}

describe("the configuration's documentation", () => {
  it(".env.example is what `npm run env:example` writes from server/env.ts", () => {
    expect(fs.readFileSync(ENV_EXAMPLE_PATH, "utf8")).toBe(renderEnvExample());
  });

  it("the README's configuration tables list every variable of server/env.ts, each in its section, and no others", () => {
    const readme = fs.readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const inSection = (section: string) => ENV_NAMES.filter((name) => envDoc(name).section === section).sort();
    expect(readmeTable(readme, "## Configuration").sort()).toEqual(inSection("configuration"));
    expect(readmeTable(readme, "### Tuning (defaults suit most deployments)").sort()).toEqual(inSection("tuning"));
  });
});
