import { describe, expect, it } from "vitest";
import {
  compile,
  compileTemplate,
  fillTemplate,
  render,
  renderedBytes,
  renderForAccept,
  TemplateRuleError,
  utf8Length,
  type TemplateVariable,
} from "./render";

const v = (key: string, fallback_value: string | number | null = null, type: "string" | "number" = "string"): TemplateVariable => ({
  key,
  type,
  fallback_value,
});

describe("template rendering", () => {
  it("cuts a source at {{{KEY}}} placeholders only", () => {
    expect(compile("Hi {{{NAME}}}, {{NAME}} {{{ NAME }}} {{{{A}}}}")).toEqual(["Hi ", "NAME", ", {{NAME}} {{{ NAME }}} {", "A", "}"]);
    expect(compile("no placeholders")).toEqual(["no placeholders"]);
    expect(compile("{{{}}}{{{")).toEqual(["{{{}}}{{{"]);
  });

  it("is linear in the source's size (a hostile run of braces and key characters)", () => {
    const hostile = "{{{" + "a".repeat(200_000) + "{{{".repeat(100_000);
    const started = performance.now();
    expect(() => compile(hostile)).not.toThrow();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("escapes values in html and keeps them verbatim in subject and text", () => {
    const t = compileTemplate({ subject: "For {{{NAME}}}", html: "<p>{{{NAME}}}</p>", text: "Hi {{{NAME}}}" }, [v("NAME")]);
    expect(render(t, { NAME: `<script>alert("x")</script> & 'y'` })).toEqual({
      subject: `For <script>alert("x")</script> & 'y'`,
      html: "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</p>",
      text: `Hi <script>alert("x")</script> & 'y'`,
      values: { NAME: `<script>alert("x")</script> & 'y'` },
    });
  });

  it("uses fallbacks, refuses a missing value without one, naming it", () => {
    const t = compileTemplate({ subject: null, html: "{{{A}}}-{{{N}}}", text: null }, [v("A"), v("N", 3, "number")]);
    expect(render(t, { A: "x" }).html).toBe("x-3");
    expect(() => render(t, { N: 1 })).toThrow(/template\.variables\.A: missing/);
    expect(() => render(t, { A: "x", N: "1" })).toThrow(/N must be a number/);
    expect(() => render(t, { A: "x", B: "y" })).toThrow(/B: not a variable/);
    expect(() => render(t, { A: "x".repeat(2001) })).toThrow(/longer than 2000/);
  });

  it("refuses undeclared placeholders, reserved names, bad keys and too many variables", () => {
    expect(() => compileTemplate({ subject: "{{{WHO}}}", html: "x", text: null }, [])).toThrow(
      /subject: the placeholder \{\{\{WHO\}\}\} is not a declared/,
    );
    for (const key of ["FIRST_NAME", "EMAIL", "UNSUBSCRIBE_URL", "RESEND_UNSUBSCRIBE_URL", "contact", "this"]) {
      expect(() => compileTemplate({ subject: null, html: "x", text: null }, [v(key)])).toThrow(/reserved/);
    }
    expect(() => compileTemplate({ subject: null, html: "x", text: null }, [v("a-b")])).toThrow(TemplateRuleError);
    expect(() => compileTemplate({ subject: null, html: "x", text: null }, [v("K".repeat(51))])).toThrow(/1 to 50/);
    expect(() => compileTemplate({ subject: null, html: "x", text: null }, [v("A"), v("A")])).toThrow(/declared twice/);
    const many = Array.from({ length: 51 }, (_, i) => v(`V${i}`));
    expect(() => compileTemplate({ subject: null, html: "x", text: null }, many)).toThrow(/at most 50/);
    expect(() => compileTemplate({ subject: null, html: `{{{${"K".repeat(51)}}}}`, text: null }, [])).toThrow(/over 50/);
    expect(() => compileTemplate({ subject: null, html: "x", text: null }, [v("A", 5)])).toThrow(/A must be a string/);
  });

  it("counts the rendered size without rendering, as Buffer.byteLength counts the rendered parts", () => {
    const t = compileTemplate({ subject: "S {{{A}}}", html: "<p>é {{{A}}} 😀 {{{B}}}</p>{{{A}}}", text: "ü {{{B}}} {{{A}}}" }, [
      v("A"),
      v("B", "fallback ✓"),
    ]);
    for (const A of ["plain", `<a href="x">'&'</a>`, "日本語 😀", "lone \ud800 surrogate", ""]) {
      const accepted = renderForAccept(t, { A });
      const rendered = fillTemplate(t, accepted.values);
      expect(accepted.subject).toBe(rendered.subject);
      expect(accepted.contentBytes).toBe(Buffer.byteLength(rendered.html) + Buffer.byteLength(rendered.text!));
      expect(renderedBytes(t, accepted.values)).toBe(accepted.contentBytes);
      expect(utf8Length(A)).toBe(Buffer.byteLength(A));
    }
  });

  it("takes any declared key as data, __proto__ included", () => {
    const t = compileTemplate({ subject: null, html: "{{{__proto__}}}/{{{constructor}}}", text: null }, [
      v("__proto__"),
      v("constructor", "c"),
    ]);
    const { values, html } = render(t, JSON.parse(`{"__proto__": "<p>"}`));
    expect(html).toBe("&lt;p&gt;/c");
    expect(fillTemplate(t, JSON.parse(JSON.stringify(values))).html).toBe("&lt;p&gt;/c");
  });
});
