/**
 * A small safe evaluator for the conditions of sequence flows (`${amount > 500}`, `${amount > 500 && shopType == 1}`):
 * literals, variables (dotted paths into the business document's fields), comparison, && || !, + - * / %, and
 * parentheses; also JUEL's words (gt lt ge le eq ne and or not empty). Parsed to a tree once and evaluated over the
 * variables; never eval nor Function. A variable the document lacks is null, and null compares false with a number.
 */

export type Expr =
  | { k: 'lit'; v: string | number | boolean | null }
  | { k: 'var'; path: string[] }
  | { k: 'not'; e: Expr }
  | { k: 'neg'; e: Expr }
  | { k: 'empty'; e: Expr }
  | { k: 'bin'; op: string; l: Expr; r: Expr };

export class ExpressionError extends Error {}

interface Tok {
  t: 'num' | 'str' | 'id' | 'op' | 'end';
  v: string;
  at: number;
}

const WORD_OPS: Record<string, string> = { gt: '>', lt: '<', ge: '>=', le: '<=', eq: '==', ne: '!=', and: '&&', or: '||', not: '!', div: '/', mod: '%' };
const OPS = ['===', '!==', '==', '!=', '>=', '<=', '&&', '||', '>', '<', '!', '+', '-', '*', '/', '%', '(', ')', '.'];

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) { i++; continue; }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      const m = /^[0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?/.exec(src.slice(i))!;
      out.push({ t: 'num', v: m[0], at: i });
      i += m[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let s = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length) { s += src[j + 1]; j += 2; continue; }
        s += src[j++];
      }
      if (j >= src.length) throw new ExpressionError(`字符串未结束（第 ${i + 1} 个字符）`);
      out.push({ t: 'str', v: s, at: i });
      i = j + 1;
      continue;
    }
    const id = /^[A-Za-z_\u4e00-\u9fa5$][A-Za-z0-9_\u4e00-\u9fa5$]*/.exec(src.slice(i));
    if (id) {
      const w = id[0];
      out.push(Object.hasOwn(WORD_OPS, w) ? { t: 'op', v: WORD_OPS[w], at: i } : { t: 'id', v: w, at: i });
      i += w.length;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (!op) throw new ExpressionError(`无法识别的字符「${c}」（第 ${i + 1} 个字符）`);
    out.push({ t: 'op', v: op === '===' ? '==' : op === '!==' ? '!=' : op, at: i });
    i += op.length;
  }
  out.push({ t: 'end', v: '', at: src.length });
  return out;
}

const BINARY: Record<string, number> = { '||': 1, '&&': 2, '==': 3, '!=': 3, '>': 4, '<': 4, '>=': 4, '<=': 4, '+': 5, '-': 5, '*': 6, '/': 6, '%': 6 };

/** Parses `${...}` (or a bare expression) to a tree; throws ExpressionError in Chinese on bad syntax. */
export function parseExpression(text: string): Expr {
  let src = text.trim();
  const wrapped = /^[$#]\{([\s\S]*)\}$/.exec(src);
  if (wrapped) src = wrapped[1];
  if (!src.trim()) throw new ExpressionError('条件表达式为空');
  const toks = tokenize(src);
  let p = 0;
  const peek = () => toks[p];
  const expect = (v: string) => {
    if (peek().t !== 'op' || peek().v !== v) throw new ExpressionError(`缺少「${v}」（第 ${peek().at + 1} 个字符）`);
    p++;
  };
  const primary = (): Expr => {
    const t = toks[p++];
    if (t.t === 'num') return { k: 'lit', v: Number(t.v) };
    if (t.t === 'str') return { k: 'lit', v: t.v };
    if (t.t === 'id') {
      if (t.v === 'true' || t.v === 'false') return { k: 'lit', v: t.v === 'true' };
      if (t.v === 'null') return { k: 'lit', v: null };
      if (t.v === 'empty') return { k: 'empty', e: unary() };
      const path = [t.v];
      while (peek().t === 'op' && peek().v === '.') {
        p++;
        const n = toks[p++];
        if (n.t !== 'id') throw new ExpressionError(`「.」后应为字段名（第 ${n.at + 1} 个字符）`);
        path.push(n.v);
      }
      return { k: 'var', path };
    }
    if (t.t === 'op' && t.v === '(') {
      const e = binary(0);
      expect(')');
      return e;
    }
    throw new ExpressionError(t.t === 'end' ? '表达式不完整' : `意外的「${t.v}」（第 ${t.at + 1} 个字符）`);
  };
  const unary = (): Expr => {
    const t = peek();
    if (t.t === 'op' && t.v === '!') { p++; return { k: 'not', e: unary() }; }
    if (t.t === 'op' && t.v === '-') { p++; return { k: 'neg', e: unary() }; }
    return primary();
  };
  const binary = (min: number): Expr => {
    let l = unary();
    for (;;) {
      const t = peek();
      const prec = t.t === 'op' ? BINARY[t.v] : undefined;
      if (prec === undefined || prec < min) break;
      p++;
      const r = binary(prec + 1);
      l = { k: 'bin', op: t.v, l, r };
    }
    return l;
  };
  const e = binary(0);
  if (peek().t !== 'end') throw new ExpressionError(`意外的「${peek().v}」（第 ${peek().at + 1} 个字符）`);
  return e;
}

type Val = string | number | boolean | null | undefined | object;

const numeric = (v: Val): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};

function lookup(vars: Record<string, unknown>, path: string[]): Val {
  let cur: unknown = vars;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, key)) return null;
    cur = (cur as Record<string, unknown>)[key];
  }
  return (cur ?? null) as Val;
}

function compare(op: string, a: Val, b: Val): boolean {
  if (op === '==' || op === '!=') {
    let eq: boolean;
    if (a === null || a === undefined || b === null || b === undefined) eq = (a ?? null) === (b ?? null);
    else if (typeof a === 'number' || typeof b === 'number') eq = numeric(a) !== null && numeric(a) === numeric(b);
    else eq = String(a) === String(b);
    return op === '==' ? eq : !eq;
  }
  const na = numeric(a);
  const nb = numeric(b);
  let c: number;
  if (na !== null && nb !== null) c = na - nb;
  else if (typeof a === 'string' && typeof b === 'string') c = a < b ? -1 : a > b ? 1 : 0;
  else return false;
  return op === '>' ? c > 0 : op === '<' ? c < 0 : op === '>=' ? c >= 0 : c <= 0;
}

const truthy = (v: Val) => v !== null && v !== undefined && v !== false && v !== 0 && v !== '';

export function evaluate(e: Expr, vars: Record<string, unknown>): Val {
  switch (e.k) {
    case 'lit': return e.v;
    case 'var': return lookup(vars, e.path);
    case 'not': return !truthy(evaluate(e.e, vars));
    case 'neg': { const n = numeric(evaluate(e.e, vars)); return n === null ? null : -n; }
    case 'empty': { const v = evaluate(e.e, vars); return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0); }
    case 'bin': {
      if (e.op === '&&') return truthy(evaluate(e.l, vars)) && truthy(evaluate(e.r, vars));
      if (e.op === '||') return truthy(evaluate(e.l, vars)) || truthy(evaluate(e.r, vars));
      const a = evaluate(e.l, vars);
      const b = evaluate(e.r, vars);
      if (['==', '!=', '>', '<', '>=', '<='].includes(e.op)) return compare(e.op, a, b);
      if (e.op === '+' && (typeof a === 'string' || typeof b === 'string') && (numeric(a) === null || numeric(b) === null)) return `${a ?? ''}${b ?? ''}`;
      const na = numeric(a);
      const nb = numeric(b);
      if (na === null || nb === null) return null;
      switch (e.op) {
        case '+': return na + nb;
        case '-': return na - nb;
        case '*': return na * nb;
        case '/': return nb === 0 ? null : na / nb;
        case '%': return nb === 0 ? null : na % nb;
      }
      return null;
    }
  }
}

/** The condition's answer as a boolean (a non-boolean result counts by truthiness). */
export const conditionHolds = (e: Expr, vars: Record<string, unknown>): boolean => truthy(evaluate(e, vars));
