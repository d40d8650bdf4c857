import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { inboundAttachments } from "./schema";
import { jsonRows } from "./json-rows";

const dialect = new PgDialect();
const text = (q: Parameters<PgDialect["sqlToQuery"]>[0]) => dialect.sqlToQuery(q).sql;

describe("jsonRows", () => {
  const rows = jsonRows(inboundAttachments, ["id", "inboundEmailId", "size", "content"], {
    sentAs: { content: "text" },
    extra: { leased: "boolean" },
  });

  it("takes each column's SQL name and type from the table, and the type a column travels as", () => {
    expect(rows.columns).toEqual([
      { name: "id", type: "text" },
      { name: "inbound_email_id", type: "text" },
      { name: "size", type: "integer" },
      { name: "content", type: "text" },
      { name: "leased", type: "boolean" },
    ]);
  });

  it("keys each row by SQL name, a missing value as null", () => {
    const json = rows.json([{ id: "a1", inboundEmailId: "m1", size: 3, content: "AQID", leased: undefined }]);
    expect(JSON.parse(json)).toEqual([{ id: "a1", inbound_email_id: "m1", size: 3, content: "AQID", leased: null }]);
  });

  it("writes the record type, column list, values and assignments in one order", () => {
    expect(text(rows.from([], "a"))).toBe(
      `json_to_recordset($1::json) as "a"("id" text, "inbound_email_id" text, "size" integer, "content" text, "leased" boolean)`,
    );
    expect(text(rows.names())).toBe(`"id", "inbound_email_id", "size", "content"`);
    expect(text(rows.values("a"))).toBe(`"a"."id", "a"."inbound_email_id", "a"."size", "a"."content"`);
    expect(text(rows.values("a", { content: sql`decode(a.content, 'base64')` }))).toBe(
      `"a"."id", "a"."inbound_email_id", "a"."size", decode(a.content, 'base64')`,
    );
    expect(text(rows.assignments("a"))).toBe(`"inbound_email_id" = "a"."inbound_email_id", "size" = "a"."size", "content" = "a"."content"`);
  });
});
