import postgres from "postgres";

/**
 * On PostgreSQL (DATABASE_URL set), each test file runs on a database of its own, a copy of
 * the one test/global-setup.ts migrated, as on PGlite each runs on a copy of the migrated
 * template: files run side by side (vitest.config.ts, maxWorkers), and each file's server
 * runs the background work (dispatch, webhooks, retention) that would otherwise take
 * another file's rows. Copies are made and dropped from the server's maintenance database:
 * a copy needs its template unconnected.
 */
const maintenance = (shared: string) => {
  const url = new URL(shared);
  url.pathname = "/postgres";
  return postgres(url.toString(), { max: 1, onnotice: () => {} });
};
const databaseOf = (url: string) => new URL(url).pathname.slice(1);
const prefix = (shared: string) => `${databaseOf(shared)}_f`;

/** Copies the migrated database for this file; returns the copy's URL and how to drop it. */
export async function copyForThisFile(shared: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix(shared)}${process.pid}_${Date.now().toString(36)}`;
  const template = databaseOf(shared);
  const admin = maintenance(shared);
  await admin.unsafe(`create database "${name}" template "${template}"`);
  // A copy has the template's rows, not its settings (`alter database … set`, as migration 0025's jit).
  const [settings] = await admin<{ setconfig: string[] | null }[]>`
    select setconfig from pg_db_role_setting where setrole = 0 and setdatabase = (select oid from pg_database where datname = ${template})`;
  for (const setting of settings?.setconfig ?? []) {
    const [, key, value] = /^([^=]+)=(.*)$/s.exec(setting) ?? [];
    if (key) await admin.unsafe(`alter database "${name}" set ${key} = '${value.replace(/'/g, "''")}'`);
  }
  await admin.end();
  const url = new URL(shared);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const admin = maintenance(shared);
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** Drops the copies left behind (a worker killed mid-file), once the suite ends. */
export async function dropFileDatabases(shared: string): Promise<void> {
  const admin = maintenance(shared);
  const left = await admin<{ datname: string }[]>`select datname from pg_database where starts_with(datname, ${prefix(shared)})`;
  for (const { datname } of left) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
  await admin.end();
}
