import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { dropFileDatabases } from "./support/file-database";

/**
 * Migrates one embedded database up front; each test file starts from a copy of it
 * (opening a copy costs under a second, creating one five). With DATABASE_URL set, that
 * PostgreSQL database is migrated here once and each file runs on a copy of it
 * (test/file-database.setup.ts).
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
  return async () => {
    if (template) fs.rmSync(template, { recursive: true, force: true });
    if (process.env.DATABASE_URL) await dropFileDatabases(process.env.DATABASE_URL);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
