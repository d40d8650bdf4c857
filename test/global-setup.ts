import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

/**
 * Migrates one embedded database up front; each test file starts from a copy of it
 * (opening a copy costs under a second, creating one five). With DATABASE_URL set, the
 * suite runs on that PostgreSQL database instead, migrated here once.
 */
export default async function setup(project: TestProject) {
  const { loadConfig, setConfig } = await import("../server/config");
  const { database, closeDatabase } = await import("../server/db/client");
  let template = "";
  if (!process.env.DATABASE_URL) {
    template = fs.mkdtempSync(path.join(os.tmpdir(), "posthaste-template-"));
    setConfig(loadConfig({ ...process.env, PGLITE_DIR: path.join(template, "db") }));
  } else {
    setConfig(loadConfig(process.env));
  }
  await database();
  await closeDatabase();
  project.provide("pgliteTemplate", template ? path.join(template, "db") : "");
  return () => {
    if (template) fs.rmSync(template, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
