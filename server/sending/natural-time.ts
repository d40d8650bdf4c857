// English only, the reader chrono.parse uses: chrono-node's index loads its other fourteen
// locales too, about 0.15 s of every process's start-up (decision 0044).
import * as chrono from "chrono-node/en";

/**
 * Resend's natural-language `scheduledAt` ("in 1 hour", "tomorrow at 9am"), read by
 * chrono-node in UTC (the server's clock zone is not the sender's, so neither is used).
 * Only a phrase that is one date-time as a whole counts: "in 1 hour or 2" is ambiguous
 * and returns null, as does anything chrono does not read.
 */
export function parseNaturalTime(text: string, now: number): number | null {
  const phrase = text.trim();
  const results = chrono.parse(phrase, { instant: new Date(now), timezone: "UTC" }, { forwardDate: true });
  if (results.length !== 1) return null;
  const [only] = results;
  if (only.index !== 0 || only.text.length !== phrase.length || only.end) return null;
  return only.start.date().getTime();
}
