import { execFile } from "node:child_process";
import net from "node:net";

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs a command to its end (no shell), with its output and how long it took; never throws on a non-zero exit. */
export function run(
  command: string,
  args: string[],
  opts: { env?: Record<string, string | undefined>; timeoutMs?: number; cwd?: string } = {},
): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        env: (opts.env ?? process.env) as NodeJS.ProcessEnv,
        cwd: opts.cwd,
        timeout: opts.timeoutMs ?? 60_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof (err as { code?: unknown }).code === "number" ? (err as { code: number }).code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr), ms: Date.now() - started });
      },
    );
  });
}

/** The last lines of a command's output, for an assertion message. */
export const tail = (r: Run, lines = 30) => `${r.stdout}\n${r.stderr}`.trim().split("\n").slice(-lines).join("\n");

/** A TCP port nobody listens on now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
