import { sql, type SQL } from "drizzle-orm";

/**
 * A common table expression that carries its own name: the builder that defines it is
 * the only place the name is written, and a statement reads it through `name`, so a
 * renamed or doubled CTE is a type error or an SQL error in the module that builds it,
 * never a silent read of another's rows.
 */
export interface Cte {
  /** The name, for `from ${cte.name}` in the statement that includes the definition. */
  readonly name: SQL;
  /** `name as (body)`, for the statement's `with` list. */
  readonly definition: SQL;
}

/** `materialized`: computed once however many read it (a JSON document parsed once for two inserts). */
export function cte(name: string, body: SQL, opts: { materialized?: boolean } = {}): Cte {
  const ref = sql.raw(name);
  return { name: ref, definition: sql`${ref} as ${opts.materialized ? sql`materialized ` : sql``}(${body})` };
}

/** The `with` list of `ctes`, in order (a CTE reads only those before it). */
export const withList = (ctes: Cte[]): SQL =>
  sql.join(
    ctes.map((c) => c.definition),
    sql`, `,
  );
