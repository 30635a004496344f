import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { billingLabels } from '../../screens-custom/billing/labels';
import { en as billingEn } from '../../screens-custom/billing/labels.en';
import { ORDERS_EN, ordersLabels } from '../../screens-custom/orders/labels';
import { i18n } from '../../src/i18n/i18n';

/**
 * The hand-written selling screens speak through their labels (screens-custom/<dir>/labels.ts, zh-CN and en), so an
 * English user never meets a Chinese word the code carries. This fails on a Chinese string in such a screen's code:
 * JSX text, an attribute, or any string or template literal (comments are not looked at; tests and labels.ts are
 * where Chinese belongs). A value that is data rather than a label (a reason the server stores) says so with an
 * `i18n-ignore:` comment on its line.
 */
const root = path.resolve(import.meta.dirname, '../..');
const GUARDED = ['screens-custom/billing', 'screens-custom/orders'];
const LABELS: { ns: string; zh: Record<string, string>; en: Record<string, string> }[] = [
  { ns: billingLabels.ns, zh: billingLabels.zh, en: billingEn },
  { ns: ordersLabels.ns, zh: ordersLabels.zh, en: ORDERS_EN },
];
const HAN = /\p{Script=Han}/u;

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !/^labels(\.\w+)?\.ts$/.test(path.basename(f)))
    .map((f) => path.join(dir, f));
}

/** "file:line: text" of every Chinese literal in the file's code. */
export function chineseLiterals(file: string, text: string): string[] {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const lines = text.split('\n');
  const lineOf = (n: ts.Node) => lines[src.getLineAndCharacterOfPosition(n.getStart()).line];
  const visit = (n: ts.Node) => {
    const literal = ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isJsxText(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n);
    if (literal && HAN.test((n as ts.LiteralLikeNode).text) && !/\/\/\s*i18n-ignore:/.test(lineOf(n))) found.push(`${file}:${src.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${(n as ts.LiteralLikeNode).text.trim()}`);
    ts.forEachChild(n, visit);
  };
  visit(src);
  return found;
}

describe('hand-written selling screens', () => {
  it('finds Chinese in JSX text, attributes and strings, not in comments', () => {
    const code = `// 注释\n/** 说明 */\nconst a = '收款';\nconst r = '收银台退款'; // i18n-ignore: stored data\nconst b = <Text title="标题">小计 {n} 件{\`\${n}元\`}</Text>;\n`;
    expect(chineseLiterals('x.tsx', code).map((l) => l.split(': ')[1])).toEqual(['收款', '标题', '小计', '件', '元']);
  });

  it.each(GUARDED)('%s carries no Chinese literal outside its labels', (dir) => {
    const files = sources(dir);
    expect(files.length).toBeGreaterThan(0);
    expect(files.flatMap((f) => chineseLiterals(f, readFileSync(path.join(root, f), 'utf8')))).toEqual([]);
  });

  it.each(LABELS)('the $ns labels have English for every key, none empty', (labels) => {
    expect(Object.keys(labels.en).sort()).toEqual(Object.keys(labels.zh).sort());
    expect(Object.entries(labels.en).filter(([, v]) => !v.trim()).map(([k]) => k)).toEqual([]);
    // Placeholders match, so an English sentence shows the same figures.
    const slots = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(labels.zh).filter((k) => slots(labels.zh[k]).join() !== slots(labels.en[k]).join())).toEqual([]);
  });

  it('translates in both languages, fetching the register\'s English when the language turns to en', async () => {
    expect(ordersLabels.t('totalQuantity', { count: 3 })).toBe('共 3 件');
    expect(billingLabels.t('change', { amount: '1.50' })).toBe('找零 ¥1.50');
    expect(billingLabels.t('change', { amount: '1.50', lng: 'en' })).toBe('找零 ¥1.50'); // English not fetched yet
    await i18n.changeLanguage('en');
    await billingLabels.ready();
    expect(billingLabels.t('change', { amount: '1.50' })).toBe('Change ¥1.50');
    expect(ordersLabels.t('totalQuantity', { count: 3 })).toBe('3 items');
    await i18n.changeLanguage('zh-CN');
  });
});
