/**
 * Messages per client address per minute at the MX listener, per process: a fixed
 * one-minute window per address, the map swept of past windows whenever it grows, so a
 * flood of addresses costs memory only for the current minute.
 */
export class ClientRate {
  private windows = new Map<string, { minute: number; count: number }>();

  constructor(private readonly perMinute: number) {}

  /** Counts one message from `client` (clientOf: IPv6 by its /64); false when it is over the limit (0: no limit). */
  take(client: string, now = Date.now()): boolean {
    if (this.perMinute <= 0) return true;
    const minute = Math.floor(now / 60_000);
    if (this.windows.size >= 10_000) for (const [key, w] of this.windows) if (w.minute !== minute) this.windows.delete(key);
    const w = this.windows.get(client);
    if (!w || w.minute !== minute) {
      this.windows.set(client, { minute, count: 1 });
      return true;
    }
    if (w.count >= this.perMinute) return false;
    w.count++;
    return true;
  }
}
