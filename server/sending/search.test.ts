import { describe, expect, it } from "vitest";
import { MAX_SEARCH_CHARS, MAX_SEARCH_TERMS } from "../limits/constants";
import { searchQuery, searchTextOf, withinSearchChars } from "./search";

const refusal = (search: string) => {
  try {
    searchQuery(search);
  } catch (err) {
    return err as { type: string; status: number; message: string };
  }
  throw new Error(`${JSON.stringify(search)} was accepted`);
};

describe("searchQuery", () => {
  it("makes every word a required whole word, lower-cased and without repeats", () => {
    expect(searchQuery("Invoice")).toBe("invoice");
    expect(searchQuery("  invoice   March ")).toBe("invoice & march");
    expect(searchQuery("ann.lee@ex.com")).toBe("ann & lee & ex & com");
    expect(searchQuery("Ann ann ANN")).toBe("ann");
    expect(searchQuery("Größe 2030")).toBe("größe & 2030");
  });

  it("keeps tsquery operators out: punctuation only separates words", () => {
    expect(searchQuery("a&b | !c:* (d)")).toBe("a & b & c & d");
    expect(searchQuery("'); drop table emails; --")).toBe("drop & table & emails");
  });

  it("is null when the text has no words", () => {
    expect(searchQuery("")).toBeNull();
    expect(searchQuery("   ")).toBeNull();
    expect(searchQuery("<> @ & |")).toBeNull();
  });

  it("takes 512 characters counted as code points, and refuses one more", () => {
    const emoji = "😀".repeat(MAX_SEARCH_CHARS); // 1024 UTF-16 units
    expect(withinSearchChars(emoji)).toBe(true);
    expect(searchQuery(emoji)).toBeNull();
    const over = refusal("a".repeat(MAX_SEARCH_CHARS + 1));
    expect(over).toMatchObject({ type: "validation_error", status: 400 });
    expect(over.message).toContain(String(MAX_SEARCH_CHARS));
  });

  it("takes 16 terms and refuses 17", () => {
    const terms = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");
    expect(searchQuery(terms(MAX_SEARCH_TERMS))?.split(" & ")).toHaveLength(MAX_SEARCH_TERMS);
    expect(refusal(terms(MAX_SEARCH_TERMS + 1))).toMatchObject({ type: "validation_error", status: 400 });
  });
});

describe("searchTextOf", () => {
  it("holds the words of subject, from and recipients, repeats kept for ranking", () => {
    expect(searchTextOf("Invoice invoice", "Acme <billing@acme.example>", ["Ann <ann@ex.com>", "bob@ex.com"])).toBe(
      "invoice invoice acme billing acme example ann ann ex com bob ex com",
    );
  });

  it("puts one space between words, whatever separates them or is empty", () => {
    expect(searchTextOf(" -- ", "Größe\t<g.2030@ex.com>", ["", "😀", " Ann\u00a0Lee "])).toBe("größe g 2030 ex com ann lee");
    expect(searchTextOf("", "", [])).toBe("");
  });

  it("stops at 100,000 characters", () => {
    expect(searchTextOf("word ".repeat(30_000), "", [])).toHaveLength(100_000);
  });
});
