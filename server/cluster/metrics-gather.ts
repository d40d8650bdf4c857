import cluster, { type Worker } from "node:cluster";
import { processShared } from "../lib/process-shared";
import { log } from "../ops/log";
import { gatherMetricsWith, type Gathered, type ProcessSamples } from "../ops/metrics";

/** A child that has not sent its samples by then is left out of that scrape (and counted as missing). */
const GATHER_MS = 3000;
/** The asking child's own limit: only reached when the primary is gone. */
const ASK_MS = GATHER_MS + 2000;

const REQUEST = "posthaste:metrics-request"; // child → primary: gather every child's samples for me
const COLLECT = "posthaste:metrics-collect"; // primary → each child: send your samples
const SAMPLES = "posthaste:metrics-samples"; // child → primary: here they are (null: could not collect)
const REPLY = "posthaste:metrics-reply"; // primary → the asking child: everything gathered

interface Message {
  type?: string;
  id?: number;
  samples?: ProcessSamples | null;
  gathered?: Gathered;
}

/** Shared by our bundle and Next's, so a scrape served by either reaches the one IPC listener. */
const child = processShared("cluster-metrics", () => ({
  local: null as (() => Promise<ProcessSamples>) | null,
  next: 0,
  pending: new Map<number, (gathered: Gathered | null) => void>(),
}));

/**
 * A child of our cluster primary: answer the primary's collection requests with this
 * process's samples, and from now on have scrapes gather through the primary. Called
 * before the child starts serving, so the primary only asks children that listen.
 */
export function joinClusterMetrics(local: () => Promise<ProcessSamples>): void {
  if (child.local) return;
  child.local = local;
  gatherMetricsWith(gatherSamples);
  process.on("message", (message: Message) => {
    if (message?.type === COLLECT) {
      local().then(
        (samples) => process.send?.({ type: SAMPLES, id: message.id, samples }),
        (err) => {
          log().warn({ err }, "metrics: could not collect this process's samples");
          process.send?.({ type: SAMPLES, id: message.id, samples: null });
        },
      );
    } else if (message?.type === REPLY && message.id !== undefined) {
      child.pending.get(message.id)?.(message.gathered ?? null);
    }
  });
}

/**
 * Every process's samples: this one's alone, or, in a child of our cluster, every child's
 * as the primary gathers them (whichever child a scrape reaches answers for the server).
 */
export async function gatherSamples(local: () => Promise<ProcessSamples>): Promise<Gathered> {
  if (!child.local || !process.send) return { samples: [await local()], missing: 0 };
  const id = child.next++;
  const gathered = await new Promise<Gathered | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), ASK_MS);
    child.pending.set(id, (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
    process.send?.({ type: REQUEST, id });
  });
  child.pending.delete(id);
  if (!gathered) throw new Error("metrics: the cluster primary did not answer");
  return gathered;
}

interface Gathering {
  asker: Worker;
  askerId: number;
  waiting: Set<number>;
  samples: ProcessSamples[];
  missing: number;
  timer: NodeJS.Timeout;
}

/**
 * The primary's side: on a child's request, ask every child in `children()` (those that
 * listen) for its samples and hand them all to the asker. A child that exits or does
 * not answer in GATHER_MS is counted missing rather than holding the scrape.
 */
export function serveClusterMetrics(children: () => Worker[]): void {
  const gatherings = new Map<number, Gathering>();
  let next = 0;
  const finish = (id: number) => {
    const g = gatherings.get(id);
    if (!g) return;
    gatherings.delete(id);
    clearTimeout(g.timer);
    g.missing += g.waiting.size;
    if (g.missing > 0) log().warn(`metrics: ${g.missing} process(es) left out of a scrape (no answer in ${GATHER_MS} ms)`);
    if (g.asker.isConnected()) g.asker.send({ type: REPLY, id: g.askerId, gathered: { samples: g.samples, missing: g.missing } });
  };
  cluster.on("message", (worker: Worker, message: Message) => {
    if (message?.type === REQUEST && message.id !== undefined) {
      const id = next++;
      const asked = children().filter((w) => w.isConnected());
      const g: Gathering = {
        asker: worker,
        askerId: message.id,
        waiting: new Set(asked.map((w) => w.id)),
        samples: [],
        missing: 0,
        timer: setTimeout(() => finish(id), GATHER_MS),
      };
      gatherings.set(id, g);
      for (const w of asked) w.send({ type: COLLECT, id });
      if (g.waiting.size === 0) finish(id);
    } else if (message?.type === SAMPLES && message.id !== undefined) {
      const g = gatherings.get(message.id);
      if (!g || !g.waiting.delete(worker.id)) return;
      if (message.samples) g.samples.push(message.samples);
      else g.missing++;
      if (g.waiting.size === 0) finish(message.id);
    }
  });
  cluster.on("exit", (worker: Worker) => {
    for (const [id, g] of gatherings) {
      if (!g.waiting.delete(worker.id)) continue;
      g.missing++;
      if (g.waiting.size === 0) finish(id);
    }
  });
}
