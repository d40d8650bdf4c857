import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// A Unix socket path holds at most 107 bytes on Linux (103 on macOS); Node shortens a
// longer one silently, and the CLI would then not find the server.
const MAX_SOCKET_PATH = 100;
const SOCKET_NAME = "db.sock";

/**
 * Where a running server exposes its embedded database to the CLI: in an owner-only folder
 * beside the data, or, when that path is too long for a socket, in an owner-only folder in
 * the temp directory named from the data directory (so the CLI computes the same one).
 * Whoever can connect to it has the whole database: no other user may reach it.
 */
export function pgliteSocketPath(dir: string): string {
  const beside = path.join(dir, ".posthaste-socket", SOCKET_NAME);
  if (Buffer.byteLength(beside) <= MAX_SOCKET_PATH) return beside;
  const digest = createHash("sha256").update(path.resolve(dir)).digest("hex").slice(0, 24);
  return path.join(os.tmpdir(), `posthaste-${digest}`, SOCKET_NAME);
}

/**
 * Makes the socket's folder with mode 0700 before the socket exists, so the socket is never
 * reachable by anyone else, even before its own mode is set. In the shared temp directory
 * the name is predictable: a folder another user made (or a symlink) is refused, not used.
 */
export function prepareSocketFolder(socketPath: string): void {
  const folder = path.dirname(socketPath);
  try {
    fs.mkdirSync(folder, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  const st = fs.lstatSync(folder);
  if (!st.isDirectory() || st.uid !== process.getuid?.()) {
    throw new Error(`${folder} is not a folder of this user's: refusing to serve the embedded database's socket there`);
  }
  if ((st.mode & 0o777) !== 0o700) fs.chmodSync(folder, 0o700);
}

/**
 * Runs `listen` (which creates the socket) with a umask that makes the socket 0600 as it is
 * created; the umask is the process's, so it is put back as soon as listening has begun.
 */
export async function withOwnerOnlyUmask<T>(listen: () => Promise<T>): Promise<T> {
  const previous = process.umask(0o177);
  try {
    return await listen();
  } finally {
    process.umask(previous);
  }
}
