import { sql, type SQL } from "drizzle-orm";
import { cte, type Cte } from "../db/cte";
import type { SendLimits } from "./limits";

type Rate = NonNullable<SendLimits["rate"]>;

/**
 * The send-rate token bucket (rate_buckets, one row per account). The refill rule is
 * written here only: tokens grow by `perSecond` since `updated_at`, capped at `burst`.
 */
function refilledTokens(rate: Rate): SQL {
  return sql`least(${rate.burst}::float8, b.tokens + greatest(0, extract(epoch from clock_timestamp() - b.updated_at)::float8) * ${rate.perSecond}::float8)`;
}

/** Tokens a request of `n` messages needs: never more than a full bucket, so a batch above the burst can pass once full. */
const tokensNeeded = (rate: Rate, n: number): SQL => sql`least(${n}::float8, ${rate.burst}::float8)`;

/**
 * CTE `bucket`: takes `n` tokens when `gate` holds and the refilled bucket has enough,
 * on the locked row (concurrent sends cannot spend the same tokens). A row means taken.
 */
export function takeTokensCte(accountId: string, rate: Rate, n: number, gate: SQL): Cte {
  const refilled = refilledTokens(rate);
  return cte(
    "bucket",
    sql`insert into rate_buckets as b (account_id, tokens, updated_at)
      select ${accountId}, ${rate.burst}::float8 - ${n}::float8, clock_timestamp() where ${gate}
      on conflict (account_id) do update set tokens = ${refilled} - ${n}::float8, updated_at = greatest(b.updated_at, clock_timestamp())
      where ${refilled} >= ${tokensNeeded(rate, n)}
      returning 1`,
  );
}

/** Whole seconds until the bucket holds the tokens `n` messages need (at least 1): the Retry-After. */
export function retryAfterSql(accountId: string, rate: Rate, n: number): SQL {
  return sql`(select greatest(1, ceil((${tokensNeeded(rate, n)} - ${refilledTokens(rate)}) / ${rate.perSecond}::float8))::int from rate_buckets b where b.account_id = ${accountId})`;
}
