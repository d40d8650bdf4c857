import type { ListStatus } from "./schemas";

/** `sending` is internal (mid-dispatch) and is `queued` on every public surface. */
export const publicStatus = (status: string): ListStatus => (status === "sending" ? "queued" : status) as ListStatus;
