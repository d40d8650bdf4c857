import { sql } from "drizzle-orm";
import { database } from "./db/client";

/** 200 { status: "ok" } when the database answers; 503 otherwise. */
export async function healthCheck(): Promise<{ status: number; body: { status: string } }> {
  try {
    const { db } = await database();
    await db.execute(sql`select 1`);
    return { status: 200, body: { status: "ok" } };
  } catch {
    return { status: 503, body: { status: "unavailable" } };
  }
}
