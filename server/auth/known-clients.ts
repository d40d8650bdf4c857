import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { passwordStampSql, passwordStamp } from "./password-stamp";

/**
 * Clients (the rate limits' client: an IP, or an IPv6 /64) a user signed in from with their
 * current password. Such a client signs in to that address past the per-address ceiling,
 * which failures from anywhere else can fill: an owner at a desk they used before is never
 * locked out by strangers. Only a right password makes a client known, so an attacker's
 * clients never are; a new password forgets them all (the stamp no longer matches), and a
 * client stays known for KNOWN_CLIENT_DAYS after its last sign-in.
 */
export const KNOWN_CLIENT_DAYS = 90;

/** Whether `client` signed in to the user with this address, with the current password, lately. */
export async function isKnownClient(address: string, client: string): Promise<boolean> {
  const { rows } = await database();
  const found = await rows<{ one: number }>(sql`
    select 1 as one from known_sign_in_clients k join users u on u.id = k.user_id
    where lower(u.email) = lower(${address}) and k.client = ${client}
      and k.stamp = ${passwordStampSql(sql`u.password_hash`)}
      and k.signed_in_at > now() - ${KNOWN_CLIENT_DAYS}::int * interval '1 day'
    limit 1`);
  return found.length > 0;
}

/** Remembers a client the user just signed in from (and forgets their clients not seen for KNOWN_CLIENT_DAYS). */
export async function rememberClient(userId: string, client: string, passwordHash: string): Promise<void> {
  const { rows } = await database();
  await rows(sql`
    with stale as (
      delete from known_sign_in_clients
      where user_id = ${userId} and client <> ${client} and signed_in_at <= now() - ${KNOWN_CLIENT_DAYS}::int * interval '1 day'
    )
    insert into known_sign_in_clients (user_id, client, stamp, signed_in_at)
    values (${userId}, ${client}, ${passwordStamp(passwordHash)}, now())
    on conflict (user_id, client) do update set stamp = excluded.stamp, signed_in_at = excluded.signed_in_at`);
}
