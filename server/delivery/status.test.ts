import { describe, expect, it } from "vitest";
import { outcomeColumns, type EmailRef } from "./status";

// The pure half of applyHappenings (server/delivery/status.ts). Mistakes these catch: a status
// moving backwards (a late delivered over a bounce), timeline rows sharing a time (their order
// lost), a complaint or hard bounce not suppressing, a soft refusal suppressing, fields of one
// message landing in another's column.

const email = (id: string): EmailRef => ({
  id,
  accountId: "acct",
  from: "a@x.test",
  to: ["b@y.test"],
  subject: "s",
  tags: [],
  templateId: null,
});
const now = new Date("2026-11-29T00:00:00.000Z");

describe("outcomeColumns", () => {
  it("keeps the furthest status: delivered after a bounce leaves it bounced", () => {
    const { moves } = outcomeColumns(
      [
        {
          email: email("e1"),
          happenings: [
            { type: "sent", providerId: "p1" },
            { type: "bounced", recipient: "b@y.test", reason: "550" },
            { type: "delivered" },
          ],
        },
      ],
      now,
    );
    expect(moves.status).toEqual(["bounced"]);
    expect(moves.providerId).toEqual(["p1"]);
  });

  it("gives every happening its own, strictly later time, across messages too", () => {
    const { timeline, events } = outcomeColumns(
      [
        { email: email("e1"), happenings: [{ type: "sent", providerId: "p1" }, { type: "delivered" }] },
        { email: email("e2"), happenings: [{ type: "sent", providerId: "p2" }] },
      ],
      now,
    );
    const times = timeline.map((t) => (t.at as Date).getTime());
    expect(times).toEqual([now.getTime(), now.getTime() + 1, now.getTime() + 2]);
    expect(events.map((e) => [e.type, e.emailId])).toEqual([
      ["email.sent", "e1"],
      ["email.delivered", "e1"],
      ["email.sent", "e2"],
    ]);
    expect(events[0].at).toEqual(timeline[0].at);
  });

  it("suppresses on a complaint and a hard bounce, not on a refusal marked suppress: false", () => {
    const { suppressions, events } = outcomeColumns(
      [
        { email: email("e1"), happenings: [{ type: "complained", recipient: "c@y.test", reason: "abuse" }] },
        { email: email("e2"), happenings: [{ type: "bounced", recipient: "h@y.test", reason: "550 5.1.1" }] },
        { email: email("e3"), happenings: [{ type: "bounced", recipient: "s@y.test", reason: "552", suppress: false }] },
      ],
      now,
    );
    expect(suppressions).toEqual([
      { emailId: "e1", accountId: "acct", address: "c@y.test", reason: "complaint" },
      { emailId: "e2", accountId: "acct", address: "h@y.test", reason: "hard_bounce" },
    ]);
    expect(events[1].data).toMatchObject({ email_id: "e2", recipient: "h@y.test", reason: "550 5.1.1" });
  });

  it("one entry per message in every column, in order: error, sentAt, fromDispatch", () => {
    const { moves } = outcomeColumns(
      [
        { email: email("e1"), happenings: [{ type: "failed", error: "relay said no" }], fromDispatch: true },
        { email: email("e2"), happenings: [{ type: "sent", providerId: "p2" }] },
      ],
      now,
    );
    expect(moves).toEqual({
      id: ["e1", "e2"],
      status: ["failed", "sent"],
      sentAt: [null, new Date(now.getTime() + 1).toISOString()],
      providerId: [null, "p2"],
      error: ["relay said no", null],
      fromDispatch: ["true", "false"],
    });
  });
});
