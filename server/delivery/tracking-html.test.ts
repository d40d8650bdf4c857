import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig, setConfig } from "../config";
import { addTracking, MAX_TRACKED_LINKS } from "./tracking-html";
import { verifyToken } from "./tracking";

const BASE = "https://mail.example.test";
const ID = "0190a0b0-c0d0-7000-8000-000000000001";

beforeAll(() => {
  setConfig(loadConfig({ APP_URL: BASE, AUTH_SECRET: "unit-test-secret" }));
});

/** The click targets signed into the rewritten HTML, in document order. */
function targets(html: string): string[] {
  return [...html.matchAll(/\/t\/c\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/g)].map((m) => {
    const p = verifyToken(m[1]);
    if (p?.k !== "c") throw new Error("not a click token");
    return p.u;
  });
}

/** The HTML with every tracked href put back to a marker, and the pixel removed. */
function untracked(html: string): string {
  return html
    .replace(/https:\/\/mail\.example\.test\/t\/c\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, "TRACKED")
    .replace(/<img src="https:\/\/mail\.example\.test\/t\/o\/[^"]+"[^>]*\/>/, "");
}

describe("addTracking", () => {
  it("rewrites http(s) hrefs of <a> and <area> and leaves every other byte alone", async () => {
    const html = `<!doctype html><HTML><Body class=x><A HREF="https://a.test/1">one</A> <area shape=rect href='http://b.test/2'>
<a href=https://c.test/3?x=1>three</a> <a href="mailto:m@x.test">m</a> <a href="#top">t</a> <a href="/rel">r</a>
<link href="https://css.test/s.css"><img src="https://img.test/i.png"> <a title="x" href = " https://d.test/4 ">four</a></Body></HTML>`;
    const out = await addTracking(html, ID);
    expect(targets(out)).toEqual(["https://a.test/1", "http://b.test/2", "https://c.test/3?x=1", "https://d.test/4"]);
    expect(untracked(out)).toBe(
      html.replace(/https:\/\/a\.test\/1|http:\/\/b\.test\/2|https:\/\/c\.test\/3\?x=1| https:\/\/d\.test\/4 /g, "TRACKED"),
    );
  });

  it("puts the open pixel before the first real </body>, or at the end", async () => {
    const withBody = await addTracking(`<body><!-- </body> --><p>x</p></BODY >tail`, ID);
    expect(withBody).toMatch(
      /^<body><!-- <\/body> --><p>x<\/p><img src="https:\/\/mail\.example\.test\/t\/o\/[^"]+" [^>]*\/><\/BODY >tail$/,
    );
    const none = await addTracking(`<p>no body</p>`, ID);
    expect(none).toMatch(/^<p>no body<\/p><img src="[^"]+\/t\/o\/[^"]+"[^>]*\/>$/);
  });

  it("decodes entities in hrefs the way a browser does", async () => {
    const out = await addTracking(
      `<a href="https://e.test/?a=1&amp;b=2&#38;c=3&#x26;d=4&quot;">x</a><a href="https://e.test/?copy&copy=1&notit&not">y</a><a href='https://e.test/&lt;&#39;'>z</a>`,
      ID,
    );
    // In attributes, a legacy entity without `;` followed by `=` or a letter stays literal;
    // at the end of the value it is decoded.
    expect(targets(out)).toEqual(['https://e.test/?a=1&b=2&c=3&d=4"', "https://e.test/?copy&copy=1&notit\u00ac", "https://e.test/<'"]);
  });

  it("ignores href in other attributes' values, comments, script, style, textarea, CDATA", async () => {
    const html = `<a title='href="https://no.test/1"' data-x="<a href=https://no.test/2>">x</a>
<!-- <a href="https://no.test/3">c</a> --><script>var s = '<a href="https://no.test/4">';</script>
<style>a[href="https://no.test/5"]{}</style><textarea><a href="https://no.test/6"></textarea>
<![CDATA[ <a href="https://no.test/7"> ]]><title><a href="https://no.test/8"></title><div href="https://no.test/9">d</div>`;
    const out = await addTracking(html, ID);
    expect(targets(out)).toEqual([]);
    expect(untracked(out)).toBe(html);
  });

  it("keeps the first of duplicate hrefs and ignores tags never closed", async () => {
    const out = await addTracking(`<a href="https://first.test/" HREF="https://second.test/">x</a><a href="https://open.test/"`, ID);
    expect(targets(out)).toEqual(["https://first.test/"]);
    expect(untracked(out)).toBe(`<a href="TRACKED" HREF="https://second.test/">x</a><a href="https://open.test/"`);
  });

  it("handles unclosed quotes and self-closing tags", async () => {
    const out = await addTracking(`<a href="https://q.test/>x</a><a href="https://r.test/">y</a><area href=https://s.test/ />`, ID);
    // As in a browser, the unclosed value runs to the next quote and the tag to the next ">".
    expect(targets(out)).toEqual(["https://q.test/>x</a><a href=", "https://s.test/"]);
  });

  it("escapes the rewritten value for any quoting and leaves long URLs untracked", async () => {
    const long = `https://long.test/${"x".repeat(9000)}`;
    const out = await addTracking(`<a href=https://u.test/>u</a><a href="${long}">l</a>`, ID);
    expect(targets(out)).toEqual(["https://u.test/"]);
    expect(out).toContain(`href="${long}"`);
    const entities = `https://e.test/${"&amp;".repeat(9000)}`;
    expect(targets(await addTracking(`<a href="${entities}">e</a>`, ID))).toEqual([]);
  });

  it("tracks at most MAX_TRACKED_LINKS links, a repeated URL with one token", async () => {
    const html =
      `<a href="https://n.test/0">first</a>` +
      Array.from({ length: MAX_TRACKED_LINKS + 5 }, (_, i) => `<a href="https://n.test/${i}">${i}</a>`).join("");
    const out = await addTracking(html, ID);
    const urls = targets(out);
    expect(urls).toHaveLength(MAX_TRACKED_LINKS);
    expect(urls.at(-1)).toBe(`https://n.test/${MAX_TRACKED_LINKS - 2}`);
    expect(out).toContain(`<a href="https://n.test/${MAX_TRACKED_LINKS - 1}">`);
    const tokens = [...out.matchAll(/\/t\/c\/([^"]+)"/g)].map((m) => m[1]);
    expect(tokens[0]).toBe(tokens[1]);
  });

  it("reads a large body in slices without losing what straddles a slice boundary", async () => {
    const slice = 256 * 1024;
    for (const shift of [0, 1, 3, 9, 17, 30]) {
      const head = "x".repeat(slice - 30 + shift);
      const html = `${head}<a href="https://s.test/?a=1&amp;b=2">s</a><a\nhref='https://t.test/'>t</a>`;
      const out = await addTracking(html, ID);
      expect(targets(out)).toEqual(["https://s.test/?a=1&b=2", "https://t.test/"]);
      expect(untracked(out)).toBe(`${head}<a href="TRACKED">s</a><a\nhref='TRACKED'>t</a>`);
    }
  });

  it("runs in linear time on pathological input and keeps the event loop turning", async () => {
    const ten = 10 * 1024 * 1024;
    const fill = (unit: string) => unit.repeat(Math.ceil(ten / unit.length));
    for (const html of [fill(`<a href="https://x.test/`), fill(`<a href=https://x.test/ `), fill(`<a href="https://x.test/">`)]) {
      let last = performance.now();
      let longestPause = 0;
      let ticks = 0;
      const ticker = setInterval(() => {
        ticks++;
        longestPause = Math.max(longestPause, performance.now() - last);
        last = performance.now();
      }, 1);
      const t = performance.now();
      await addTracking(html, ID);
      const took = performance.now() - t;
      clearInterval(ticker);
      expect(took).toBeLessThan(3000);
      // 40 slices of 256 KiB: timers run between them (at once, the work would let none through).
      expect(ticks).toBeGreaterThanOrEqual(10);
      // A few ms a slice; generous for a loaded 2-core machine (and a collection of 10 MB strings).
      expect(longestPause).toBeLessThan(250);
    }
  });
});
