import { getTableColumns, sql, type SQL, type Table } from "drizzle-orm";

type ColumnKey<T extends Table> = keyof T["_"]["columns"] & string;

/** One column as it travels in the JSON document: its SQL name and the type json_to_recordset reads it as. */
export interface JsonColumn {
  name: string;
  type: string;
}

/** Rows of one table written from one JSON parameter (jsonRows). */
export interface JsonRows<K extends string> {
  columns: readonly JsonColumn[];
  /** The statement's one JSON parameter: each row keyed by its columns' SQL names. */
  json(rows: readonly Record<K, unknown>[]): string;
  /** `json_to_recordset(<json>::json) as alias("name" type, …)`. */
  from(rows: readonly Record<K, unknown>[], alias: string): SQL;
  /** The table's columns, in order: `"name", …` (an insert's column list). */
  names(): SQL;
  /** `alias."name", …` in the same order, an SQL expression in place of a column given one (an insert's values). */
  values(alias: string, computed?: Partial<Record<K, SQL>>): SQL;
  /** `"name" = alias."name", …` for every column but `id` (an update's set list). */
  assignments(alias: string): SQL;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Rows of `table` sent as one JSON document and read by json_to_recordset, so a statement's
 * text is the same for any number of rows. Each column's SQL name and type come from the
 * table's own definition (a column renamed or retyped in the schema follows here), and the
 * rows are given by the columns' schema keys, so a key left out fails to compile. `sentAs`:
 * the type a column travels as when it is not its own (bytea as base64 text, decoded by the
 * statement); `extra`: fields that are no column of the table, by name and type.
 */
export function jsonRows<T extends Table, K extends ColumnKey<T>, X extends string = never>(
  table: T,
  keys: readonly K[],
  opts: { sentAs?: Partial<Record<K, string>>; extra?: Record<X, string> } = {},
): JsonRows<K | X> {
  const defined = getTableColumns(table);
  const own = keys.map((key) => {
    const column = defined[key];
    return { key: key as string, name: column.name, type: opts.sentAs?.[key] ?? column.getSQLType() };
  });
  const extra = Object.entries<string>(opts.extra ?? ({} as Record<X, string>)).map(([name, type]) => ({ key: name, name, type }));
  const all = [...own, ...extra];
  const json = (rows: readonly Record<string, unknown>[]) =>
    JSON.stringify(rows.map((row) => Object.fromEntries(all.map((c) => [c.name, row[c.key] ?? null]))));
  const record = sql.raw(all.map((c) => `${quoted(c.name)} ${c.type}`).join(", "));
  return {
    columns: all.map(({ name, type }) => ({ name, type })),
    json,
    from: (rows, alias) => sql`json_to_recordset(${json(rows)}::json) as ${sql.raw(quoted(alias))}(${record})`,
    names: () => sql.raw(own.map((c) => quoted(c.name)).join(", ")),
    values: (alias, computed = {}) =>
      sql.join(
        own.map((c) => (computed as Record<string, SQL>)[c.key] ?? sql.raw(`${quoted(alias)}.${quoted(c.name)}`)),
        sql`, `,
      ),
    assignments: (alias) =>
      sql.raw(
        own
          .filter((c) => c.name !== "id")
          .map((c) => `${quoted(c.name)} = ${quoted(alias)}.${quoted(c.name)}`)
          .join(", "),
      ),
  };
}
