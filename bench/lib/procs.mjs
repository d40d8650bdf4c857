// CPU and memory of process trees, from /proc (Linux): the server as `npm start` runs it
// may be several processes (node:cluster children), and all of them count.
import fs from "node:fs";
import postgres from "postgres";
import { cpuSecondsOf, PG_ADMIN } from "./common.mjs";

/** The pid and every descendant of it alive now. */
export function processTree(root) {
  const children = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  const out = [];
  const visit = (pid) => {
    out.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return out;
}

/** Resident set size of a process in MB (null once it is gone). */
export function rssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** Connections the bench itself opens to the database under test name themselves so, and are not counted. */
export const BENCH_APPLICATION_NAME = "posthaste-bench";

async function backendsOf(databaseName) {
  const admin = postgres(PG_ADMIN, { max: 1, onnotice: () => {} });
  const rows =
    await admin`select pid from pg_stat_activity where datname = ${databaseName} and application_name <> ${BENCH_APPLICATION_NAME}`;
  await admin.end();
  return rows.map((r) => r.pid);
}

/**
 * The CPU seconds of a database's backends (the bench's own excluded), followed as they come
 * and go: the server's pool replaces its connections every minute or two, and a backend's
 * CPU can only be read while it lives. Each backend's CPU is sampled every second, so one
 * that exits loses at most its last second.
 */
const trackers = new Map();
function backendTracker(databaseName) {
  let tracker = trackers.get(databaseName);
  if (tracker) return tracker;
  const last = new Map();
  const sample = async () => {
    for (const pid of await backendsOf(databaseName).catch(() => [])) last.set(pid, cpuSecondsOf(pid) ?? last.get(pid) ?? 0);
    for (const pid of last.keys()) {
      const now = cpuSecondsOf(pid);
      if (now !== null) last.set(pid, now);
    }
  };
  const timer = setInterval(() => void sample(), 1000);
  timer.unref();
  tracker = { sample, snapshot: () => new Map(last) };
  trackers.set(databaseName, tracker);
  return tracker;
}

/**
 * Starts a CPU window over named roles: `server` (the tree under serverPid, taken again at
 * the end so children forked meanwhile count from their start), `db` (the database's
 * backends but the bench's own, including ones that start or end meanwhile) and any
 * `others` ({ name: pid }). Resolves to a function that ends it and returns CPU seconds
 * per role and the wall seconds it lasted, and (not enumerable) `serverProcesses`: the
 * server's CPU seconds by process, busiest first.
 */
export async function cpuWindow({ serverPid, databaseName, others = {} }) {
  const t0 = performance.now();
  const serverStart = new Map(processTree(serverPid).map((pid) => [pid, cpuSecondsOf(pid) ?? 0]));
  const db = backendTracker(databaseName);
  await db.sample();
  const dbStart = db.snapshot();
  const otherStart = Object.fromEntries(Object.entries(others).map(([name, pid]) => [name, cpuSecondsOf(pid) ?? 0]));
  return async () => {
    let server = 0;
    const serverProcesses = [];
    for (const pid of processTree(serverPid)) {
      const now = cpuSecondsOf(pid);
      if (now === null) continue;
      server += now - (serverStart.get(pid) ?? 0);
      serverProcesses.push({ pid, primary: pid === serverPid, seconds: now - (serverStart.get(pid) ?? 0) });
    }
    await db.sample();
    let dbSeconds = 0;
    for (const [pid, cpu] of db.snapshot()) dbSeconds += cpu - (dbStart.get(pid) ?? 0);
    const out = { seconds: (performance.now() - t0) / 1000, server, db: dbSeconds };
    // Not a role of its own (perMessage skips it): the server's CPU by process, for byProcess.
    Object.defineProperty(out, "serverProcesses", { value: serverProcesses.sort((a, b) => b.seconds - a.seconds), enumerable: false });
    for (const [name, pid] of Object.entries(others)) out[name] = (cpuSecondsOf(pid) ?? 0) - otherStart[name];
    return out;
  };
}

/** Samples the RSS of every process under root each second; stop() returns the peaks in MB. */
export function rssSampler(root) {
  let maxProcess = 0;
  let maxTotal = 0;
  let processes = 0;
  const sample = () => {
    const tree = processTree(root);
    processes = Math.max(processes, tree.length);
    let total = 0;
    for (const pid of tree) {
      const mb = rssMb(pid) ?? 0;
      total += mb;
      maxProcess = Math.max(maxProcess, mb);
    }
    maxTotal = Math.max(maxTotal, total);
  };
  sample();
  const timer = setInterval(sample, 1000);
  return () => {
    clearInterval(timer);
    sample();
    return { maxProcessMb: Math.round(maxProcess), maxTotalMb: Math.round(maxTotal), processes };
  };
}

/**
 * The server's CPU per message by process role: the cluster primary, the busiest child and
 * the other children. With the default role `all` every child serves HTTP and the embedded
 * task loops run where their leases fell, so in a delivery phase the busiest child is the
 * one dispatching and delivering webhooks.
 */
export function byProcess(window, messages) {
  const processes = window.serverProcesses ?? [];
  const us = (seconds) => (messages ? Math.round((seconds / messages) * 1e6) : null);
  const children = processes.filter((p) => !p.primary);
  return {
    primary: us(processes.filter((p) => p.primary).reduce((n, p) => n + p.seconds, 0)),
    busiest_child: us(children[0]?.seconds ?? 0),
    other_children: us(children.slice(1).reduce((n, p) => n + p.seconds, 0)),
  };
}
