import { MAX_TEMPLATE_KEY_LENGTH, MAX_TEMPLATE_VALUE_LENGTH, MAX_TEMPLATE_VARIABLES, RESERVED_TEMPLATE_KEYS } from "../limits/constants";

/**
 * The template language: `{{{KEY}}}` placeholders and nothing else (no logic, no partials,
 * no expressions), so a template or a value can never run anything. Pure: no I/O.
 *
 * Scanning is one left-to-right pass with indexOf; keys are compared as strings, never
 * turned into regular expressions (a tenant's key is data, not a pattern).
 */

export type VariableType = "string" | "number";
export interface TemplateVariable {
  key: string;
  type: VariableType;
  fallback_value: string | number | null;
}
export type VariableValues = Record<string, string | number>;

/** A rule broken: the message names what broke it (the caller picks the status). */
export class TemplateRuleError extends Error {}

const OPEN = "{{{";
const CLOSE = "}}}";

function isKeyChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || // 0-9
    (code >= 65 && code <= 90) || // A-Z
    (code >= 97 && code <= 122) || // a-z
    code === 95 // _
  );
}

/** A source cut at its placeholders: literal text at even indexes, keys at odd ones. */
export type CompiledSource = string[];

/**
 * Splits `source` into literals and keys in linear time. `{{{` not followed by key
 * characters and `}}}` is literal text. A key longer than the limit is refused.
 */
export function compile(source: string, field = "html"): CompiledSource {
  const parts: string[] = [];
  let literalStart = 0;
  let pos = 0;
  for (;;) {
    const open = source.indexOf(OPEN, pos);
    if (open < 0) break;
    let end = open + OPEN.length;
    while (end < source.length && isKeyChar(source.charCodeAt(end))) end++;
    const keyLength = end - open - OPEN.length;
    if (keyLength > 0 && source.startsWith(CLOSE, end)) {
      const key = source.slice(open + OPEN.length, end);
      if (keyLength > MAX_TEMPLATE_KEY_LENGTH) {
        throw new TemplateRuleError(
          `${field}: the placeholder {{{${key.slice(0, 20)}…}}} has a key over ${MAX_TEMPLATE_KEY_LENGTH} characters`,
        );
      }
      parts.push(source.slice(literalStart, open), key);
      pos = literalStart = end + CLOSE.length;
    } else {
      // Key characters cannot start another `{{{`; a bare `{{{` can (`{{{{KEY}}}`).
      pos = keyLength > 0 ? end : open + 1;
    }
  }
  parts.push(source.slice(literalStart));
  return parts;
}

/** The keys a compiled source uses, in order of first use. */
export function keysOf(compiled: CompiledSource): string[] {
  const keys = new Set<string>();
  for (let i = 1; i < compiled.length; i += 2) keys.add(compiled[i]);
  return [...keys];
}

const KEY_SHAPE = /^[A-Za-z0-9_]+$/;

/**
 * The declarations' own rules: count, key shape and length, reserved names, no key twice,
 * a fallback of the declared type within the value limit.
 */
export function checkDeclarations(variables: readonly TemplateVariable[]): void {
  if (variables.length > MAX_TEMPLATE_VARIABLES) {
    throw new TemplateRuleError(`variables: at most ${MAX_TEMPLATE_VARIABLES} variables (got ${variables.length})`);
  }
  const seen = new Set<string>();
  for (const [i, v] of variables.entries()) {
    const at = `variables[${i}]`;
    if (v.key.length === 0 || v.key.length > MAX_TEMPLATE_KEY_LENGTH || !KEY_SHAPE.test(v.key)) {
      throw new TemplateRuleError(`${at}.key: must be 1 to ${MAX_TEMPLATE_KEY_LENGTH} ASCII letters, digits or _`);
    }
    if (RESERVED_TEMPLATE_KEYS.includes(v.key)) throw new TemplateRuleError(`${at}.key: ${v.key} is a reserved name`);
    if (seen.has(v.key)) throw new TemplateRuleError(`${at}.key: ${v.key} is declared twice`);
    seen.add(v.key);
    if (v.fallback_value !== null) checkValue(v, v.fallback_value, `${at}.fallback_value`);
  }
}

function checkValue(variable: TemplateVariable, value: unknown, at: string): void {
  if (variable.type === "number") {
    if (typeof value !== "number" || !Number.isFinite(value)) throw new TemplateRuleError(`${at}: ${variable.key} must be a number`);
  } else {
    if (typeof value !== "string") throw new TemplateRuleError(`${at}: ${variable.key} must be a string`);
    if (value.length > MAX_TEMPLATE_VALUE_LENGTH) {
      throw new TemplateRuleError(`${at}: ${variable.key} is longer than ${MAX_TEMPLATE_VALUE_LENGTH} characters`);
    }
  }
}

/** The sources a template renders: html always, subject and text when set. */
export interface TemplateSources {
  subject: string | null;
  html: string;
  text: string | null;
}

/** A template made ready to render many times: its sources compiled once. */
export interface CompiledTemplate {
  variables: readonly TemplateVariable[];
  /** The declarations by key, for resolving each send's values. */
  declared: ReadonlyMap<string, TemplateVariable>;
  subject: CompiledSource | null;
  html: CompiledSource;
  text: CompiledSource | null;
  /** UTF-8 bytes of html's and text's literal parts together: the rendered size without rendering (renderedBytes). */
  literalBytes: number;
}

/** UTF-8 length of a string, as Buffer.byteLength counts it (a lone surrogate is 3): pure, for the dashboard's bundle too. */
export function utf8Length(value: string): number {
  let n = value.length;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 2; // a pair: 4 bytes for 2 code units
      i++;
    } else n += 2;
  }
  return n;
}

function literalBytesOf(compiled: CompiledSource | null): number {
  let n = 0;
  if (compiled) for (let i = 0; i < compiled.length; i += 2) n += utf8Length(compiled[i]);
  return n;
}

/**
 * Create/update and send-time check of a whole template: declarations valid and every
 * placeholder in subject, html and text declared (the first undeclared one is named).
 */
export function compileTemplate(sources: TemplateSources, variables: readonly TemplateVariable[]): CompiledTemplate {
  checkDeclarations(variables);
  const declared = new Map(variables.map((v) => [v.key, v]));
  const html = compile(sources.html, "html");
  const text = sources.text === null ? null : compile(sources.text, "text");
  const compiled: CompiledTemplate = {
    variables,
    declared,
    subject: sources.subject === null ? null : compile(sources.subject, "subject"),
    html,
    text,
    literalBytes: literalBytesOf(html) + literalBytesOf(text),
  };
  for (const [field, source] of [
    ["subject", compiled.subject],
    ["html", compiled.html],
    ["text", compiled.text],
  ] as const) {
    if (!source) continue;
    for (const key of keysOf(source)) {
      if (!declared.has(key)) throw new TemplateRuleError(`${field}: the placeholder {{{${key}}}} is not a declared variable`);
    }
  }
  return compiled;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text as HTML character data or an attribute value: the five characters that matter escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** The values a message stores: the resolved ones, fallbacks applied (see fillTemplate). */
export type ResolvedValues = Record<string, string>;

/**
 * The values a send gives, resolved against the declarations: each given value of the
 * declared type and length, each missing one its fallback; a key given but not declared,
 * or missing without a fallback, is refused naming it. Keys are data: the object has no
 * prototype, so a declared `__proto__` is a key like any other.
 */
export function resolveValues(template: CompiledTemplate, given: Record<string, unknown> | null | undefined): ResolvedValues {
  const values = Object.create(null) as ResolvedValues;
  const supplied = given ?? {};
  for (const key of Object.keys(supplied)) {
    if (!template.declared.has(key))
      throw new TemplateRuleError(`template.variables.${key.slice(0, MAX_TEMPLATE_KEY_LENGTH)}: not a variable of this template`);
  }
  for (const v of template.variables) {
    const value = Object.hasOwn(supplied, v.key) ? supplied[v.key] : undefined;
    if (value === undefined || value === null) {
      if (v.fallback_value === null)
        throw new TemplateRuleError(`template.variables.${v.key}: missing, and the variable has no fallback value`);
      values[v.key] = String(v.fallback_value);
    } else {
      checkValue(v, value, `template.variables.${v.key}`);
      values[v.key] = String(value);
    }
  }
  return values;
}

const valueOf = (values: ResolvedValues, key: string) => (Object.hasOwn(values, key) ? values[key] : "");

function fill(compiled: CompiledSource, values: ResolvedValues, escape: boolean): string {
  let out = compiled[0];
  for (let i = 1; i < compiled.length; i += 2) {
    const value = valueOf(values, compiled[i]);
    out += (escape ? escapeHtml(value) : value) + compiled[i + 1];
  }
  return out;
}

/**
 * The message parts from resolved values: values HTML-escaped in html, verbatim in subject
 * and text. Deterministic: a version is immutable, so a stored version id and its resolved
 * values render to the same message at accept, at dispatch and on any later read.
 */
export function fillTemplate(template: CompiledTemplate, values: ResolvedValues): TemplateSources {
  return {
    subject: template.subject && fill(template.subject, values, false),
    html: fill(template.html, values, true),
    text: template.text && fill(template.text, values, false),
  };
}

/** UTF-8 bytes of html and text as fillTemplate renders them, counted without building them (the size rule at accept). */
export function renderedBytes(template: CompiledTemplate, values: ResolvedValues): number {
  let n = template.literalBytes;
  for (const [source, escape] of [
    [template.html, true],
    [template.text, false],
  ] as const) {
    if (!source) continue;
    for (let i = 1; i < source.length; i += 2) {
      const value = valueOf(values, source[i]);
      n += utf8Length(escape ? escapeHtml(value) : value);
    }
  }
  return n;
}

/**
 * What accepting a send needs: its resolved values (what the message stores), its subject
 * rendered, and the UTF-8 size its html and text render to, counted without building them.
 */
export function renderForAccept(
  template: CompiledTemplate,
  given: Record<string, unknown> | null | undefined,
): { values: ResolvedValues; subject: string | null; contentBytes: number } {
  const values = resolveValues(template, given);
  return { values, subject: template.subject && fill(template.subject, values, false), contentBytes: renderedBytes(template, values) };
}

/** The rendered message parts of a send's values, and the resolved values it stores. */
export function render(
  template: CompiledTemplate,
  given: Record<string, unknown> | null | undefined,
): TemplateSources & { values: ResolvedValues } {
  const values = resolveValues(template, given);
  return { ...fillTemplate(template, values), values };
}
