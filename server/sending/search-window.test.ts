import { describe, expect, it } from "vitest";
import { sliceOf } from "./search-window";

const HOUR = 3_600_000_000;
const DAY = 24 * HOUR;
const top = 20_000 * DAY + 13 * HOUR + 1_234_567; // 13:20:34 on day 20,000

describe("sliceOf: a search slice's lexemes", () => {
  it("takes whole hours up to six of them, starting at the hour that holds the lower bound", () => {
    const hour = 20_000 * 24 + 13;
    expect(sliceOf(top - 10, top, null)).toEqual({ unit: "h", from: hour, to: hour, start: hour * HOUR, narrowable: false });
    expect(sliceOf(top - 5 * HOUR, top, null)).toEqual({ unit: "h", from: hour - 5, to: hour, start: (hour - 5) * HOUR, narrowable: true });
    // A top on the hour: its own hour still holds rows at that moment (later in id order);
    // the hour below is the last one to narrow to.
    const onTheHour = hour * HOUR;
    expect(sliceOf(onTheHour - 10, onTheHour, null)).toEqual({
      unit: "h",
      from: hour - 1,
      to: hour,
      start: onTheHour - HOUR,
      narrowable: false,
    });
  });

  it("takes whole days past six hours, at most 31 of them", () => {
    expect(sliceOf(top - 6 * HOUR, top, null)).toEqual({ unit: "d", from: 20_000, to: 20_000, start: 20_000 * DAY, narrowable: true });
    expect(sliceOf(top - 14 * HOUR, top, null)).toMatchObject({ unit: "d", from: 19_999, to: 20_000, start: 19_999 * DAY });
    expect(sliceOf(top - 400 * DAY, top, null)).toMatchObject({ unit: "d", from: 19_970, to: 20_000, start: 19_970 * DAY });
  });

  it("after a slice found too wide, takes hours that start after it: an hour narrower at least, 24 at most", () => {
    const dayStart = 20_000 * DAY;
    // The lower bound fell in the wide slice's first hour: the next starts an hour later.
    expect(sliceOf(dayStart + 10, top, dayStart)).toMatchObject({ unit: "h", from: 20_000 * 24 + 1, start: dayStart + HOUR });
    expect(sliceOf(top - 2 * HOUR, top, dayStart)).toMatchObject({ unit: "h", from: 20_000 * 24 + 11 });
    expect(sliceOf(top - 30 * HOUR, top, 19_990 * DAY)).toMatchObject({ unit: "h", from: 20_000 * 24 + 13 - 23 });
    // Down to the hour that holds the top, which is read whole.
    const hourStart = 20_000 * DAY + 13 * HOUR;
    expect(sliceOf(hourStart - 1, top, hourStart - HOUR)).toMatchObject({
      from: 20_000 * 24 + 13,
      to: 20_000 * 24 + 13,
      narrowable: false,
    });
    // A top on the hour, after the slice of its hour below was too wide: that hour, whole.
    expect(sliceOf(hourStart - 10, hourStart, hourStart - HOUR)).toEqual({
      unit: "h",
      from: 20_000 * 24 + 12,
      to: 20_000 * 24 + 13,
      start: hourStart - HOUR,
      narrowable: false,
    });
  });
});
