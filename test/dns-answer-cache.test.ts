import { describe, expect, it } from "vitest";
import { cachedLookup, forgetAnswers } from "../server/dns/answer-cache";

const failing = (code: string) => () => Promise.reject(Object.assign(new Error(code), { code }));

describe("the DNS answer cache in front of mailauth's lookups", () => {
  it("asks once for callers that want the same name at the same time, and reuses the answer", async () => {
    forgetAnswers();
    let asked = 0;
    const ask = async () => {
      asked++;
      await new Promise((r) => setTimeout(r, 10));
      return [["v=spf1 -all"]];
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cachedLookup("s", "TXT", "Sender.Example", ask)));
    expect(answers.every((a) => a[0][0] === "v=spf1 -all")).toBe(true);
    await cachedLookup("s", "TXT", "sender.example", ask);
    expect(asked).toBe(1);
    // Another type, another server list: another question.
    await cachedLookup("s", "MX", "sender.example", ask);
    await cachedLookup("t", "TXT", "sender.example", ask);
    expect(asked).toBe(3);
  });

  it("keeps a name that does not exist, but asks again after a timeout or a server failure", async () => {
    forgetAnswers();
    await expect(cachedLookup("s", "TXT", "_dmarc.none.example", failing("ENOTFOUND"))).rejects.toThrow("ENOTFOUND");
    await expect(cachedLookup("s", "TXT", "_dmarc.none.example", () => Promise.resolve(["found"]))).rejects.toThrow("ENOTFOUND");
    await expect(cachedLookup("s", "TXT", "slow.example", failing("ETIMEOUT"))).rejects.toThrow("ETIMEOUT");
    await expect(cachedLookup("s", "TXT", "slow.example", () => Promise.resolve(["answered"]))).resolves.toEqual(["answered"]);
    await expect(cachedLookup("s", "TXT", "down.example", failing("ESERVFAIL"))).rejects.toThrow();
    await expect(cachedLookup("s", "TXT", "down.example", () => Promise.resolve(["up"]))).resolves.toEqual(["up"]);
  });

  it("holds at most 10,000 answers: a sender naming ever new domains pushes out the oldest", async () => {
    forgetAnswers();
    let asked = 0;
    const ask = () => Promise.resolve(++asked);
    for (let i = 0; i < 10_001; i++) await cachedLookup("s", "TXT", `d${i}.example`, ask);
    expect(await cachedLookup("s", "TXT", "d10000.example", ask)).toBe(10_001);
    expect(await cachedLookup("s", "TXT", "d0.example", ask)).toBe(10_002);
  });
});
