/** Values of raw-statement rows, which arrive as text or parsed depending on the driver. */

/** A timestamp column in Unix ms (null stays null). */
export const msColumn = (v: unknown): number | null => (v === null || v === undefined ? null : new Date(v as string).getTime());

/** A json/jsonb column, parsed when the driver hands it over as text. */
export const jsonColumn = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;
