import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pgliteSocketPath, prepareSocketFolder, withOwnerOnlyUmask } from "./socket-path";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "posthaste-socket-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

describe("pgliteSocketPath", () => {
  it("sits in an owner-only folder beside the data when the path fits a Unix socket", () => {
    expect(pgliteSocketPath("/srv/posthaste/db")).toBe("/srv/posthaste/db/.posthaste-socket/db.sock");
  });

  it("moves to a folder in the temp directory, the same name for the same directory, when the path would be too long", () => {
    const deep = path.join("/srv", "x".repeat(120), "db");
    const a = pgliteSocketPath(deep);
    expect(Buffer.byteLength(a)).toBeLessThanOrEqual(100);
    expect(path.dirname(path.dirname(a))).toBe(os.tmpdir());
    expect(a).toBe(pgliteSocketPath(deep));
    expect(a).not.toBe(pgliteSocketPath(`${deep}2`));
  });
});

describe("prepareSocketFolder", () => {
  it("makes the folder 0700, and tightens one of ours that was left looser", () => {
    const socket = path.join(scratch, "fresh", "db.sock");
    prepareSocketFolder(socket);
    expect(modeOf(path.dirname(socket))).toBe(0o700);
    fs.chmodSync(path.dirname(socket), 0o755);
    prepareSocketFolder(socket);
    expect(modeOf(path.dirname(socket))).toBe(0o700);
  });

  // Giving a folder to another user takes root (as on CI and the development machines).
  it.runIf(process.getuid?.() === 0)("refuses a folder another user made", () => {
    const foreign = path.join(scratch, "foreign");
    fs.mkdirSync(foreign, { mode: 0o777 });
    fs.chownSync(foreign, 65534, 65534);
    expect(() => prepareSocketFolder(path.join(foreign, "db.sock"))).toThrow(/not a folder of this user's/);
  });

  it("refuses a symlink in the folder's place", () => {
    const link = path.join(scratch, "link");
    fs.symlinkSync(scratch, link);
    expect(() => prepareSocketFolder(path.join(link, "db.sock"))).toThrow(/not a folder of this user's/);
  });
});

describe("withOwnerOnlyUmask", () => {
  it("creates files 0600 while it runs and puts the umask back", async () => {
    const before = process.umask();
    const file = path.join(scratch, "made-under-umask");
    await withOwnerOnlyUmask(async () => fs.writeFileSync(file, "x", { mode: 0o666 }));
    expect(modeOf(file)).toBe(0o600);
    expect(process.umask()).toBe(before);
  });
});
