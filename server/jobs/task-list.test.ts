import { describe, expect, it } from "vitest";
import { TASKS } from "./names";
import { allTasks } from "./task-list";

// Catches a task added to allTasks() under a name TASKS lacks (or a name left in TASKS whose
// task is gone): wakes and Inngest events go by these names.
describe("TASKS", () => {
  it("names exactly the tasks allTasks() runs", () => {
    expect(
      allTasks()
        .map((task) => task.name)
        .sort(),
    ).toEqual(Object.values(TASKS).sort());
  });
});
