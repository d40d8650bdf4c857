import { processShared } from "../lib/process-shared";

/** How long an answer is reused: short, so a changed record is seen within a minute (we do not get its TTL from c-ares' resolve). */
const ANSWER_MS = 60_000;
/** Answers kept at most; past it the oldest goes first (a sender naming ever new domains cannot grow it). */
const MAX_ANSWERS = 10_000;
/** Errors that are the answer (the name or record does not exist), kept like answers; any other error is not kept. */
const DEFINITE = new Set(["ENOTFOUND", "ENODATA"]);

interface Entry {
  until: number;
  answer: Promise<unknown>;
}

const answers = processShared("dnsAnswers", () => new Map<string, Entry>());

/**
 * Answers a lookup from the last minute's answers, or asks once however many callers want
 * the same name at the same time (inbound mail from one sender asks the same SPF, DKIM and
 * DMARC records for every message). `scope` keeps apart answers from different servers.
 */
export function cachedLookup<T>(scope: string, type: string, name: string, ask: () => Promise<T>): Promise<T> {
  const key = `${scope} ${type} ${name.toLowerCase()}`;
  const now = Date.now();
  const hit = answers.get(key);
  if (hit && hit.until > now) return hit.answer as Promise<T>;
  if (hit) answers.delete(key);
  const answer = ask();
  const entry: Entry = { until: now + ANSWER_MS, answer };
  answers.set(key, entry);
  if (answers.size > MAX_ANSWERS) answers.delete(answers.keys().next().value as string);
  answer.catch((err: { code?: string }) => {
    if (!DEFINITE.has(err?.code ?? "") && answers.get(key) === entry) answers.delete(key);
  });
  return answer;
}

/** Forgets every answer (tests that change records under a name already asked). */
export function forgetAnswers(): void {
  answers.clear();
}
