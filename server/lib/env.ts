/** Reading numeric environment knobs, with a clear error naming the variable. */

function parse(name: string, text: string, raw: string): number {
  const n = Number(text.trim());
  if (text.trim() === "" || !Number.isFinite(n) || n < 0) throw new Error(`${name}: "${raw}" is not a non-negative number`);
  return n;
}

/** A non-negative number, or `fallback` when unset or empty. */
export function envNumber(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name];
  return raw === undefined || raw === "" ? fallback : parse(name, raw, raw);
}

/** A comma-separated list of non-negative numbers, or `fallback` when unset or empty. */
export function envNumbers(name: string, fallback: number[], env: NodeJS.ProcessEnv = process.env): number[] {
  const raw = env[name];
  return raw === undefined || raw === "" ? fallback : raw.split(",").map((s) => parse(name, s, raw));
}
