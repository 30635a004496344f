/**
 * The html element's content is user data. It is parsed here into a small tree of allowed tags and
 * attributes (never evaluated), which both the PDF writer (rich text) and the browser preview
 * (safeHtml: the tree written back as markup) use. Whatever is not on the allow lists is dropped:
 * script-like tags with their content, other unknown tags keep only their text.
 */

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

const NAMED_ENTITIES: Record<string, string> = {
  nbsp: '\u00a0', lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", copy: '©', reg: '®', yen: '¥', middot: '·', times: '×',
  divide: '÷', hellip: '…', mdash: '—', ndash: '–', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', deg: '°', plusmn: '±', ensp: '\u2002', emsp: '\u2003',
};

export function decodeEntities(s: string): string {
  if (s.indexOf('&') === -1) return s;
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});?/gi, (m, body: string) => {
    if (body[0] === '#') {
      const cp = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? String.fromCodePoint(cp) : '\ufffd';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? m;
  });
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

interface Tag {
  name: string;
  closing: boolean;
  attrs: Array<[string, string]>;
  selfClosing: boolean;
}

const UNQUOTED = /[^\s>]*/y;

/** Reads a tag at `i` (s[i] === '<'); null when it is not a tag (then '<' is text). */
function readTag(s: string, i: number): { tag: Tag; end: number } | null {
  const m = /^<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)/.exec(s.slice(i, i + 64));
  if (!m) return null;
  let j = i + m[0].length;
  const attrs: Array<[string, string]> = [];
  const n = s.length;
  while (j < n) {
    while (j < n && /[\s/]/.test(s[j]) && s[j] !== '>') {
      if (s[j] === '/' && s[j + 1] === '>') break;
      j++;
    }
    if (j >= n) break;
    if (s[j] === '>') return { tag: { name: m[2].toLowerCase(), closing: m[1] === '/', attrs, selfClosing: false }, end: j + 1 };
    if (s[j] === '/' && s[j + 1] === '>') return { tag: { name: m[2].toLowerCase(), closing: m[1] === '/', attrs, selfClosing: true }, end: j + 2 };
    const nameMatch = /^[^\s/>=]+/.exec(s.slice(j, j + 256));
    if (!nameMatch) {
      j++;
      continue;
    }
    const name = nameMatch[0].toLowerCase();
    j += nameMatch[0].length;
    while (j < n && /\s/.test(s[j])) j++;
    let value = '';
    if (s[j] === '=') {
      j++;
      while (j < n && /\s/.test(s[j])) j++;
      const q = s[j];
      if (q === '"' || q === "'") {
        const close = s.indexOf(q, j + 1);
        const stop = close === -1 ? n : close;
        value = s.slice(j + 1, stop);
        j = stop + 1;
      } else {
        UNQUOTED.lastIndex = j;
        const v = UNQUOTED.exec(s)?.[0] ?? '';
        value = v;
        j += v.length;
      }
    }
    attrs.push([name, decodeEntities(value)]);
  }
  // an unterminated tag swallows the rest and is no tag, as in a browser
  return { tag: { name: '#eof', closing: true, attrs, selfClosing: false }, end: n };
}

/** Tags an opening tag closes implicitly when it is the current element. */
const IMPLIED_END: Record<string, readonly string[]> = {
  p: ['p'], li: ['li'], td: ['td', 'th'], th: ['td', 'th'], tr: ['tr', 'td', 'th'], div: ['p'], table: ['p'],
  h1: ['p'], h2: ['p'], h3: ['p'], h4: ['p'], h5: ['p'], h6: ['p'], ul: ['p'], ol: ['p'], thead: ['tr', 'td', 'th'], tbody: ['tr', 'td', 'th'], tfoot: ['tr', 'td', 'th'],
};

const MAX_DEPTH = 64;
const MAX_NODES = 20_000;

/** The allowed tree of an HTML string. Never throws; a hostile input gives at most MAX_NODES nodes. */
export function parseHtml(html: string): HtmlNode[] {
  const root: HtmlElementNode = { kind: 'element', tag: '#root', attrs: {}, children: [] };
  // the open elements, including dropped-tag wrappers (kept: false) so closing tags match
  const stack: Array<{ name: string; node: HtmlElementNode }> = [{ name: '#root', node: root }];
  let nodes = 0;
  let i = 0;
  const s = typeof html === 'string' ? html : '';
  const n = s.length;
  let lower: string | undefined;
  const top = () => stack[stack.length - 1];
  const addText = (text: string) => {
    if (!text || nodes >= MAX_NODES) return;
    const children = top().node.children;
    const last = children[children.length - 1];
    if (last && last.kind === 'text') last.text += text;
    else {
      children.push({ kind: 'text', text });
      nodes++;
    }
  };
  while (i < n) {
    const lt = s.indexOf('<', i);
    if (lt === -1) {
      addText(decodeEntities(s.slice(i)));
      break;
    }
    if (lt > i) addText(decodeEntities(s.slice(i, lt)));
    if (s.startsWith('<!--', lt)) {
      const end = s.indexOf('-->', lt + 4);
      i = end === -1 ? n : end + 3;
      continue;
    }
    if (s[lt + 1] === '!' || s[lt + 1] === '?') {
      const end = s.indexOf('>', lt);
      i = end === -1 ? n : end + 1;
      continue;
    }
    const read = readTag(s, lt);
    if (!read) {
      addText('<');
      i = lt + 1;
      continue;
    }
    i = read.end;
    const { tag } = read;
    if (DROPPED.has(tag.name)) {
      if (tag.closing || tag.selfClosing || VOID.has(tag.name)) continue;
      // skip to the matching end tag (raw text: nothing inside is parsed)
      lower ??= s.toLowerCase();
      const close = lower.indexOf(`</${tag.name}`, i);
      const gt = close === -1 ? -1 : lower.indexOf('>', close);
      i = gt === -1 ? n : gt + 1;
      continue;
    }
    if (tag.closing) {
      for (let k = stack.length - 1; k > 0; k--) {
        if (stack[k].name === tag.name) {
          stack.length = k;
          break;
        }
        // a table cell or row does not end outside its table
        if (stack[k].name === 'table' && tag.name !== 'table') break;
      }
      continue;
    }
    const implied = IMPLIED_END[tag.name];
    if (implied) {
      while (stack.length > 1 && implied.includes(top().name)) stack.pop();
    }
    const allowed = ALLOWED[tag.name];
    if (!allowed) continue; // unknown tag: its text stays, the tag goes
    if (nodes >= MAX_NODES) continue;
    const attrs: Record<string, string> = {};
    for (const [name, value] of tag.attrs) {
      if (!allowed.includes(name) && !GLOBAL_ATTRS.includes(name)) continue;
      const safe = safeAttr(name, value);
      if (safe !== null) attrs[name] = safe;
    }
    const node: HtmlElementNode = { kind: 'element', tag: tag.name, attrs, children: [] };
    top().node.children.push(node);
    nodes++;
    if (!VOID.has(tag.name) && !tag.selfClosing && stack.length < MAX_DEPTH) stack.push({ name: tag.name, node });
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
