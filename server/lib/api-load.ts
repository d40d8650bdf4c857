import type { ServerResponse } from "node:http";
import { processShared } from "./process-shared";

/**
 * Requests this process's HTTP server is answering right now. Background work in the same
 * process reads it to give the API the CPU first (docs/decisions/0024-the-pipeline-under-load.md, "API first").
 */
const load = () => processShared("apiLoad", () => ({ open: 0 }));

/** Counts the request as open until its response is finished or its connection gone. */
export function countOpenRequest(res: ServerResponse): void {
  load().open++;
  res.once("close", () => load().open--);
}

export const openRequests = (): number => load().open;
