import type { SQL } from "drizzle-orm";

// Server modules load on first use, after startTestServer has set this file's configuration.

/** The test process's database handle (the server's own: same drivers, same pool). */
export async function db() {
  const { database } = await import("../../server/db/client");
  return database();
}

/** Rows of a drizzle `sql` statement, on either driver. */
export async function rows<T = any>(query: SQL): Promise<T[]> {
  return (await db()).rows<T>(query);
}

/** Rows of raw SQL text with `?` placeholders bound in order: `sql("select * from emails where id = ?", id)`. */
export async function sql(query: string, ...params: unknown[]): Promise<any[]> {
  const { sql: tag } = await import("drizzle-orm");
  const strings = query.split("?");
  return rows(tag(Object.assign(strings, { raw: strings }) as unknown as TemplateStringsArray, ...params));
}
