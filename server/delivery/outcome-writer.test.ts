import { describe, expect, it } from "vitest";
import { groupCommit } from "./outcome-writer";

// The group commit under the outcome writer (server/delivery/outcome-writer.ts). Mistakes these
// catch: writing each item alone under load (grouping), reordering items (ordering), a failed
// write settling other groups' items or stopping later writes (failure), an item resolved before
// its group is stored (settling).

/** A write whose calls are held until released, recording each group it was given. */
function heldWrites() {
  const groups: number[][] = [];
  const releases: { ok: () => void; fail: (err: Error) => void }[] = [];
  const write = (group: number[]) =>
    new Promise<void>((ok, fail) => {
      groups.push(group);
      releases.push({ ok, fail });
    });
  return { groups, releases, write };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("groupCommit", () => {
  it("writes the first item at once and those that arrive meanwhile together, in arrival order", async () => {
    const held = heldWrites();
    const add = groupCommit(held.write);
    const first = add(1);
    const rest = [add(2), add(3), add(4)];
    await tick();
    expect(held.groups).toEqual([[1]]);
    held.releases[0].ok();
    await first;
    await tick();
    expect(held.groups).toEqual([[1], [2, 3, 4]]);
    held.releases[1].ok();
    await Promise.all(rest);
  });

  it("settles an item only once its group is written", async () => {
    const held = heldWrites();
    const add = groupCommit(held.write);
    let settled = false;
    const p = add(1).then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    held.releases[0].ok();
    await p;
    expect(settled).toBe(true);
  });

  it("a failed write rejects its own group's items only; the next group is still written", async () => {
    const held = heldWrites();
    const add = groupCommit(held.write);
    const first = add(1);
    const second = [add(2), add(3)];
    await tick();
    held.releases[0].fail(new Error("database gone"));
    await expect(first).rejects.toThrow("database gone");
    await tick();
    expect(held.groups[1]).toEqual([2, 3]);
    held.releases[1].ok();
    await expect(Promise.all(second)).resolves.toEqual([undefined, undefined]);
  });

  it("after a failure, a later item starts a new write (nothing is left waiting)", async () => {
    const held = heldWrites();
    const add = groupCommit(held.write);
    const first = add(1);
    await tick();
    held.releases[0].fail(new Error("timeout"));
    await expect(first).rejects.toThrow("timeout");
    const retried = add(1);
    await tick();
    expect(held.groups).toEqual([[1], [1]]);
    held.releases[1].ok();
    await retried;
  });
});

describe("groupCommit with a gather", () => {
  const GATHER = { ms: 40, enough: 3 };

  it("holds a small group for company, up to the gather's time", async () => {
    const held = heldWrites();
    const add = groupCommit(held.write, GATHER);
    const started = Date.now();
    const first = add(1);
    await tick();
    expect(held.groups).toEqual([]);
    const second = add(2);
    await new Promise((resolve) => setTimeout(resolve, GATHER.ms + 20));
    expect(held.groups).toEqual([[1, 2]]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(GATHER.ms - 1);
    held.releases[0].ok();
    await Promise.all([first, second]);
  });

  it("writes at once when the group reaches enough, and holds the next small group again", async () => {
    const held = heldWrites();
    const add = groupCommit(held.write, GATHER);
    const items = [add(1), add(2)];
    await tick();
    expect(held.groups).toEqual([]);
    items.push(add(3));
    await tick();
    expect(held.groups).toEqual([[1, 2, 3]]);
    items.push(add(4));
    held.releases[0].ok();
    await tick();
    expect(held.groups).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, GATHER.ms + 20));
    expect(held.groups).toEqual([[1, 2, 3], [4]]);
    held.releases[1].ok();
    await Promise.all(items);
  });
});
