import { describe, expect, it } from "vitest";
import { accountRows, dailyPoints } from "../server/sending/account-rows";

/**
 * Where an account's messages lie in time, as search sizes its slices (decision 0049): from
 * daily counts, evenly within a day, from the account's oldest message, and around a moment
 * whose count the newest-first read has just measured.
 */
const DAY = 86_400_000_000;
const day0 = Date.parse("2026-11-20T00:00:00Z") * 1000;

describe("an account's messages in time", () => {
  it("spreads each day's count over its day, from the oldest message, with no messages on a day without a count", () => {
    const oldest = day0 + DAY / 2;
    const rows = accountRows(
      dailyPoints(
        [
          ["2026-11-20", 100],
          ["2026-11-21", 200],
          ["2026-11-23", 400],
        ],
        oldest,
      ),
    );
    expect(rows.before(day0)).toBe(0);
    expect(rows.before(oldest)).toBe(0);
    expect(rows.before(day0 + (3 * DAY) / 4)).toBe(50);
    expect(rows.before(day0 + DAY + DAY / 2)).toBe(200);
    expect(rows.before(day0 + 2 * DAY + DAY / 2)).toBe(300); // the 22nd: no count
    expect(rows.before(day0 + 4 * DAY)).toBe(700);
    expect(rows.before(day0 + 10 * DAY)).toBe(700);
    // The earliest moment with that many before it: a day without messages is skipped.
    expect(rows.at(50)).toBe(day0 + (3 * DAY) / 4);
    expect(rows.at(300)).toBe(day0 + 2 * DAY);
    expect(rows.at(500)).toBe(day0 + 3 * DAY + DAY / 2);
    for (const count of [0, 1, 99, 100, 299, 301, 699, 700]) expect(rows.before(rows.at(count))).toBeCloseTo(count, 6);
  });

  it("puts the rest of a known moment's day below it at the pace seen above it", () => {
    // 10,000 messages today; the newest-first read counted 2,000 in the last minute, above a
    // moment with 8,000 before it.
    const now = day0 + DAY / 2;
    const anchor = now - 60_000_000;
    const today = () => accountRows(dailyPoints([["2026-11-20", 10_000]], day0));
    const burst = today().anchored(anchor, 8_000, 2_000 / 60_000_000);
    expect(burst.before(anchor)).toBe(8_000);
    expect(burst.at(8_000)).toBe(anchor);
    // At that pace the 8,000 reach four minutes back; nothing before.
    expect(burst.at(1_000)).toBeCloseTo(anchor - 210_000_000, 0);
    expect(burst.before(anchor - 240_000_000)).toBe(0);
    // A steady pace reaches back to the day's start: spread evenly, as the day's count says.
    const steady = today().anchored(anchor, 8_000, 8_000 / (anchor - day0));
    expect(steady.at(1_000)).toBeCloseTo(day0 + (anchor - day0) / 8, 0);
    // A count the day cannot hold is held to it, and the estimate stays ordered.
    const over = today().anchored(now, 50_000, 1);
    expect(over.before(now)).toBe(10_000);
    expect(over.before(now + 1)).toBe(10_000);
  });
});
