import { describe, expect, it } from "vitest";
import { demotionRefusal, invitingRefusal, leavingRefusal, removalRefusal } from "./rules";

const owner = { role: "owner" as const, holdsAccountEmail: false };
const holder = { role: "owner" as const, holdsAccountEmail: true };
const member = { role: "member" as const, holdsAccountEmail: false };

describe("team rules", () => {
  it("the holder of the account email is never removed, demoted or let go", () => {
    expect(removalRefusal(holder)).toMatch(/account's email/);
    expect(demotionRefusal(holder, 5)).toMatch(/account's email/);
    expect(leavingRefusal(holder, 5)).toMatch(/account's email/);
  });

  it("an account keeps an owner", () => {
    expect(demotionRefusal(owner, 1)).toMatch(/needs an owner/);
    expect(leavingRefusal(owner, 1)).toMatch(/only owner/);
    expect(demotionRefusal(owner, 2)).toBeNull();
    expect(leavingRefusal(owner, 2)).toBeNull();
  });

  it("members leave and are removed freely; demoting a member changes nothing", () => {
    expect(leavingRefusal(member, 1)).toBeNull();
    expect(removalRefusal(member)).toBeNull();
    expect(removalRefusal(owner)).toBeNull();
    expect(demotionRefusal(member, 1)).toBeNull();
  });

  it("an account awaiting review invites nobody", () => {
    expect(invitingRefusal({ approved: false })).toMatch(/awaits review/);
    expect(invitingRefusal({ approved: true })).toBeNull();
  });
});
