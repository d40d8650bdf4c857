import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";

/**
 * A short digest of a user's password hash ("" when none is set). Links that set or confirm
 * something about a user carry the stamp of the hash they were made against, so any password
 * change voids them (single use), and sessions carry it, so a password change or reset signs
 * out every session made with the old one. Computed the same way here and in SQL.
 */
export function passwordStamp(passwordHash: string | null): string {
  return createHash("sha256")
    .update(passwordHash ?? "", "utf8")
    .digest("hex")
    .slice(0, 32);
}

/** passwordStamp in SQL, of a password_hash column or expression. */
export function passwordStampSql(column: SQL): SQL {
  return sql`left(encode(sha256(convert_to(coalesce(${column}, ''), 'UTF8')), 'hex'), 32)`;
}
