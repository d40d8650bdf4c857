import { describe, expect, it, vi } from "vitest";
import { parseScheduledAt, SCHEDULE_NOW_WINDOW_MS, scheduledAtOf } from "./request";

const NOW = Date.UTC(2030, 0, 15, 12, 0, 0);
const refused = (value: string | number, natural = false) => {
  try {
    parseScheduledAt(value, NOW, { natural });
  } catch (err) {
    return err as { type: string; status: number; message: string };
  }
  throw new Error(`${JSON.stringify(value)} was accepted`);
};

describe("parseScheduledAt", () => {
  it("is null (send now) for nothing, the past and the next few seconds", () => {
    expect(parseScheduledAt(null, NOW)).toBeNull();
    expect(parseScheduledAt(undefined, NOW)).toBeNull();
    expect(parseScheduledAt(NOW - 86_400_000, NOW)).toBeNull();
    expect(parseScheduledAt(-1, NOW)).toBeNull();
    expect(parseScheduledAt("1969-07-20T20:17:00Z", NOW)).toBeNull();
    expect(parseScheduledAt(NOW + SCHEDULE_NOW_WINDOW_MS, NOW)).toBeNull();
  });

  it("schedules just past the now window, by Unix ms as a number or digit string", () => {
    expect(parseScheduledAt(NOW + SCHEDULE_NOW_WINDOW_MS + 1, NOW)).toEqual(new Date(NOW + SCHEDULE_NOW_WINDOW_MS + 1));
    expect(parseScheduledAt(` ${NOW + 60_000} `, NOW)).toEqual(new Date(NOW + 60_000));
  });

  it("reads ISO 8601 dates, date-times, fractions and offsets", () => {
    expect(parseScheduledAt("2030-01-16", NOW)).toEqual(new Date(Date.UTC(2030, 0, 16)));
    expect(parseScheduledAt("2030-01-15T13:00Z", NOW)).toEqual(new Date(NOW + 3600_000));
    expect(parseScheduledAt("2030-01-15T13:00:00.250Z", NOW)).toEqual(new Date(NOW + 3600_250));
    expect(parseScheduledAt("2030-01-15T15:00:00+02:00", NOW)).toEqual(new Date(NOW + 3600_000));
    expect(parseScheduledAt("2030-01-15T15:00:00+0200", NOW)).toEqual(new Date(NOW + 3600_000));
  });

  it("reads a date-time without an offset as UTC, whatever the server's zone", () => {
    vi.stubEnv("TZ", "America/New_York");
    try {
      expect(new Date(2030, 0, 15, 13).getTime()).not.toBe(NOW + 3600_000); // the zone took
      expect(parseScheduledAt("2030-01-15T13:00:00", NOW)).toEqual(new Date(NOW + 3600_000));
      expect(parseScheduledAt("2030-01-15T13:00", NOW)).toEqual(new Date(NOW + 3600_000));
      expect(parseScheduledAt("2030-01-16", NOW)).toEqual(new Date(Date.UTC(2030, 0, 16)));
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it.each([
    ["a phrase (scheduledAt takes the reference's two forms)", "tomorrow"],
    ["a day the calendar does not have", "2030-02-30T10:00:00Z"],
    ["month 13", "2030-13-01"],
    ["a time without a date", "10:00"],
    ["an empty string", ""],
    ["a fraction of a millisecond count", "1893456000000.5"],
    ["past the last Date", 8.64e15 + 1],
    ["not a number", Number.NaN],
    ["infinity", Number.POSITIVE_INFINITY],
  ])("refuses %s with a 400 validation_error naming the field", (_what, value) => {
    const err = refused(value);
    expect(err).toMatchObject({ type: "validation_error", status: 400 });
    expect(err.message).toMatch(/^scheduledAt: /);
  });

  it("reads natural-language phrases in UTC when asked (Resend's scheduled_at)", () => {
    const natural = { natural: true };
    expect(parseScheduledAt("in 1 hour", NOW, natural)).toEqual(new Date(NOW + 3600_000));
    expect(parseScheduledAt("tomorrow at 9am", NOW, natural)).toEqual(new Date(Date.UTC(2030, 0, 16, 9)));
    expect(parseScheduledAt("Jan 16 2030 10:30", NOW, natural)).toEqual(new Date(Date.UTC(2030, 0, 16, 10, 30)));
    expect(parseScheduledAt("2030-01-15T13:00Z", NOW, natural)).toEqual(new Date(NOW + 3600_000));
  });

  it.each([
    ["a phrase chrono does not read", "whenever"],
    ["a phrase naming two times", "in 1 hour or 2"],
    ["a phrase in the past", "yesterday"],
    ["a time without a date or words", "10:00"],
  ])("refuses %s even as a phrase", (_what, value) => {
    expect(refused(value, true)).toMatchObject({ type: "validation_error", status: 400 });
  });

  it("accepts 29 February only in a leap year", () => {
    expect(parseScheduledAt("2032-02-29T00:00:00Z", NOW)).toEqual(new Date(Date.UTC(2032, 1, 29)));
    expect(refused("2031-02-29T00:00:00Z").type).toBe("validation_error");
  });
});

describe("scheduledAtOf", () => {
  it("takes either name; both given must mean the same time", () => {
    const at = NOW + 3600_000;
    expect(scheduledAtOf({ scheduled_at: "in 1 hour" }, NOW)).toEqual(new Date(at));
    expect(scheduledAtOf({ scheduledAt: at, scheduled_at: "in 1 hour" }, NOW)).toEqual(new Date(at));
    expect(scheduledAtOf({ scheduledAt: NOW - 1, scheduled_at: NOW - 60_000 }, NOW)).toBeNull();
    expect(() => scheduledAtOf({ scheduledAt: at, scheduled_at: "in 2 hours" }, NOW)).toThrow(/^scheduled_at: disagrees with scheduledAt/);
    expect(() => scheduledAtOf({ scheduledAt: NOW - 1, scheduled_at: at }, NOW)).toThrow(/^scheduled_at: disagrees/);
  });
});
