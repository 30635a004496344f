/**
 * The html element's content is user data. It is parsed here into a small tree of allowed tags and
 * attributes (never evaluated), which both the PDF writer (rich text) and the browser preview
 * (safeHtml: the tree written back as markup) use. Whatever is not on the allow lists is dropped:
 * script-like tags with their content, other unknown tags keep only their text.
 */
import { decodeHTML } from 'entities';
import { Parser, type Handler } from 'htmlparser2';

export interface HtmlElementNode {
  kind: 'element';
  tag: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
}
export interface HtmlTextNode {
  kind: 'text';
  text: string;
}
export type HtmlNode = HtmlElementNode | HtmlTextNode;

/** Tags kept (with their allowed attributes); other tags are replaced by their children. */
const ALLOWED: Record<string, readonly string[]> = {
  p: ['align'], div: ['align'], span: [], br: [], b: [], strong: [], i: [], em: [], u: [], s: [], strike: [], del: [], ins: [],
  font: ['color', 'size', 'face'], small: [], big: [], sub: [], sup: [], center: [],
  h1: ['align'], h2: ['align'], h3: ['align'], h4: ['align'], h5: ['align'], h6: ['align'],
  ul: [], ol: [], li: [], hr: [], blockquote: [], pre: [],
  table: ['border', 'cellpadding', 'cellspacing', 'width', 'align'], thead: [], tbody: [], tfoot: [], tr: ['align'],
  td: ['colspan', 'rowspan', 'align', 'valign', 'width'], th: ['colspan', 'rowspan', 'align', 'valign', 'width'],
  a: ['href'],
};
const GLOBAL_ATTRS = ['style'];
/** Dropped with everything inside them. */
const DROPPED = new Set(['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'template', 'noscript', 'noembed', 'noframes', 'textarea', 'title', 'head', 'svg', 'math', 'xmp', 'plaintext', 'select', 'button', 'form', 'input', 'video', 'audio', 'canvas']);
const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'base', 'col', 'wbr', 'area', 'source', 'track', 'param', 'embed', 'keygen']);
/** CSS properties kept in a style attribute (values checked by SAFE_CSS_VALUE). */
const CSS_ALLOWED = new Set([
  'color', 'background-color', 'font-size', 'font-weight', 'font-style', 'font-family', 'text-align', 'text-decoration',
  'line-height', 'letter-spacing', 'vertical-align', 'white-space', 'text-indent', 'width', 'height',
  'border', 'border-top', 'border-right', 'border-bottom', 'border-left', 'border-color', 'border-width', 'border-style', 'border-collapse',
  'padding', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left', 'margin', 'margin-top', 'margin-right', 'margin-bottom', 'margin-left',
]);
const SAFE_CSS_VALUE = /^[\w\s#%.,'"()+-]*$/;
const UNSAFE_CSS = /url\s*\(|expression|javascript:|@import|\\|behavior|binding/i;

/** Entity references in a string decoded as an HTML parser does (the full named table, numeric references). */
export function decodeEntities(s: string): string {
  return s.indexOf('&') === -1 ? s : decodeHTML(s);
}

/** Only the allowed declarations of a style attribute, normalised to `name: value`. */
export function safeStyle(style: string): string {
  const out: string[] = [];
  for (const decl of decodeEntities(style).split(';')) {
    const i = decl.indexOf(':');
    if (i <= 0) continue;
    const name = decl.slice(0, i).trim().toLowerCase();
    const value = decl.slice(i + 1).trim();
    if (!CSS_ALLOWED.has(name) || !value || value.length > 200 || !SAFE_CSS_VALUE.test(value) || UNSAFE_CSS.test(value)) continue;
    out.push(`${name}: ${value}`);
  }
  return out.join('; ');
}

function safeAttr(name: string, value: string): string | null {
  if (name === 'style') return safeStyle(value) || null;
  if (name === 'href') return /^(https?:|mailto:|#)/i.test(value.trim()) ? value.trim() : '#';
  if (name === 'colspan' || name === 'rowspan' || name === 'border' || name === 'cellpadding' || name === 'cellspacing' || name === 'size') {
    return /^[+-]?\d{1,3}$/.test(value.trim()) ? value.trim() : null;
  }
  if (name === 'color') return /^(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\([\d\s.,%]+\))$/i.test(value.trim()) ? value.trim() : null;
  if (name === 'width') return /^\d{1,5}(\.\d+)?(%|px|pt)?$/.test(value.trim()) ? value.trim() : null;
  if (name === 'face') return SAFE_CSS_VALUE.test(value) && !UNSAFE_CSS.test(value) ? value : null;
  if (name === 'align' || name === 'valign') return /^(left|center|right|justify|top|middle|bottom)$/i.test(value.trim()) ? value.trim().toLowerCase() : null;
  return null;
}

const MAX_DEPTH = 64;
const MAX_NODES = 20_000;

/** An element the parser has open: where its content goes in the allowed tree. */
interface Open {
  name: string;
  /** The node its children are added to (the nearest kept ancestor for a tag that is not kept). */
  into: HtmlElementNode;
  /** Nesting of `into` (the root is 0); past MAX_DEPTH elements are kept flat. */
  level: number;
  /** Inside a dropped tag: nothing is kept. */
  dropped: boolean;
}

const PARSER_OPTIONS = {
  xmlMode: false,
  decodeEntities: true,
  lowerCaseTags: true,
  lowerCaseAttributeNames: true,
  recognizeSelfClosing: false,
  recognizeCDATA: false,
} as const;

/**
 * Open elements the parser keeps at most. Its work per tag grows with the number of open elements,
 * so past this limit a new element is closed at once (as browsers cap the tree's depth): no input
 * makes parsing quadratic. Raw-text tags (script, style, …) still open, so their content stays theirs.
 */
const MAX_OPEN = 512;
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'iframe', 'noembed', 'noframes', 'xmp', 'plaintext']);

class BoundedParser extends Parser {
  private opening = false;
  /** The tag being opened was closed at once (MAX_OPEN): no close event will come for it. */
  cut = false;

  constructor(handler: Partial<Handler>, private readonly openCount: () => number) {
    super(handler, PARSER_OPTIONS);
  }

  override onopentagname(start: number, endIndex: number): void {
    this.opening = true;
    this.cut = false;
    try {
      super.onopentagname(start, endIndex);
    } finally {
      this.opening = false;
    }
  }

  override onclosetag(start: number, endIndex: number): void {
    this.cut = false;
    super.onclosetag(start, endIndex);
  }

  // Asked once while a tag opens (then it decides whether the element goes on the parser's stack).
  protected override isVoidElement(name: string): boolean {
    if (super.isVoidElement(name)) return true;
    if (this.opening && this.openCount() >= MAX_OPEN && !RAW_TEXT.has(name)) {
      this.cut = true;
      return true;
    }
    return false;
  }
}

/**
 * The allowed tree of an HTML string. Tokenizing, entities, implied end tags and raw-text elements
 * (script, style, textarea, …) are htmlparser2's; the tree keeps only what the allow lists name.
 * Never throws; a hostile input gives at most MAX_NODES nodes.
 */
export function parseHtml(html: string): HtmlNode[] {
  const root: HtmlElementNode = { kind: 'element', tag: '#root', attrs: {}, children: [] };
  // Mirrors the parser's open elements (it reports every open and close, implied ones too), so a
  // close always pops the entry its open pushed.
  const stack: Open[] = [{ name: '#root', into: root, level: 0, dropped: false }];
  let nodes = 0;
  const top = () => stack[stack.length - 1];
  const handler: Partial<Handler> = {
    ontext(text) {
      const open = top();
      if (open.dropped || !text || nodes >= MAX_NODES) return;
      const children = open.into.children;
      const last = children[children.length - 1];
      if (last && last.kind === 'text') last.text += text;
      else {
        children.push({ kind: 'text', text });
        nodes++;
      }
    },
    onopentag(name, attribs) {
      const open = top();
      // an element cut at MAX_OPEN gets no close event: it has no entry (as a void element would)
      const entry = (e: Open) => {
        if (!parser.cut) stack.push(e);
      };
      if (open.dropped || DROPPED.has(name)) {
        entry({ name, into: open.into, level: open.level, dropped: true });
        return;
      }
      const allowed = ALLOWED[name];
      if (!allowed || nodes >= MAX_NODES) {
        // unknown tag (or past the node limit): its text stays, the tag goes
        entry({ name, into: open.into, level: open.level, dropped: false });
        return;
      }
      const attrs: Record<string, string> = {};
      for (const [attr, value] of Object.entries(attribs)) {
        if (!allowed.includes(attr) && !GLOBAL_ATTRS.includes(attr)) continue;
        const safe = safeAttr(attr, value);
        if (safe !== null) attrs[attr] = safe;
      }
      const node: HtmlElementNode = { kind: 'element', tag: name, attrs, children: [] };
      open.into.children.push(node);
      nodes++;
      const nest = !VOID.has(name) && !parser.cut && open.level + 1 < MAX_DEPTH;
      entry({ name, into: nest ? node : open.into, level: nest ? open.level + 1 : open.level, dropped: false });
    },
    onclosetag(name) {
      // void elements are closed at once; a tag left unterminated at the end has no entry
      if (stack.length > 1 && top().name === name) stack.pop();
    },
  };
  const parser = new BoundedParser(handler, () => stack.length - 1);
  try {
    parser.end(typeof html === 'string' ? html : '');
  } catch {
    // keep what was read before the failure
  }
  return root.children;
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

function write(nodes: HtmlNode[], out: string[]): void {
  for (const node of nodes) {
    if (node.kind === 'text') {
      out.push(escapeText(node.text));
      continue;
    }
    const attrs = Object.entries(node.attrs).map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('');
    out.push(`<${node.tag}${attrs}>`);
    if (VOID.has(node.tag)) continue;
    write(node.children, out);
    out.push(`</${node.tag}>`);
  }
}

/** The html element's content as markup that is safe to insert into the page (the preview and browser print). */
export function safeHtml(html: string): string {
  const out: string[] = [];
  write(parseHtml(html), out);
  return out.join('');
}

/** The text of an HTML string: tags dropped, entities decoded, block ends and <br> as newlines. */
export function htmlText(html: string): string {
  const out: string[] = [];
  const walk = (nodes: HtmlNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'text') out.push(node.text.replace(/[ \t\n\r\f]+/g, ' '));
      else if (node.tag === 'br') out.push('\n');
      else {
        walk(node.children);
        if (/^(p|div|li|tr|h[1-6]|table|ul|ol|blockquote|pre|center)$/.test(node.tag)) out.push('\n');
        else if (node.tag === 'td' || node.tag === 'th') out.push(' ');
      }
    }
  };
  walk(parseHtml(html));
  return out.join('').replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}
