/** `sending` is internal (mid-dispatch) and is `queued` on every public surface. */
export const publicStatus = (status: string): string => (status === "sending" ? "queued" : status);
