/**
 * Polls `read` until `ok` holds for what it returns, and returns that value. A timeout
 * throws with `what` and the last value, so a failing test says what never happened.
 */
export async function until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 15_000, what = "condition"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last value ${shown(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Polls `read` until it gives something truthy, and returns it. */
export async function waitFor<T>(
  read: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 15_000,
  what = "condition",
): Promise<T> {
  return (await until(read, Boolean, timeoutMs, what)) as T;
}

function shown(value: unknown): string {
  try {
    return String(JSON.stringify(value)).slice(0, 500);
  } catch {
    return String(value);
  }
}
