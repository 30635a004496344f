// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { paginateTemplate } from '../../../core/print/paginate/index.ts';
import { sampleTemplate } from '../../../core/print/pdf/sampleTemplate.ts';
import type { PrintTemplate } from '../../../core/print/template/index.ts';
import { renderPreviewHtml } from './previewHtml.ts';

function pagesOf(html: string) {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
}

describe('renderPreviewHtml', () => {
  it('a rotated panel prints on a turned (landscape) page with the portrait paper turned 90° inside, like the PDF', () => {
    const t = sampleTemplate();
    const turned = renderPreviewHtml({ ...t, panels: [{ ...t.panels[0], rotate: true }] });
    expect(turned.paper).toEqual({ widthMm: 297, heightMm: 210 });
    const host = pagesOf(turned.html);
    const pages = host.querySelectorAll<HTMLElement>('.wxy-print-page');
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      expect(page.dataset.testid).toBe('print-page-turned');
      expect([page.style.width, page.style.height]).toEqual(['297mm', '210mm']);
      const paper = page.querySelector<HTMLElement>('[data-testid="print-page"]')!;
      expect([paper.style.width, paper.style.height]).toEqual(['210mm', '297mm']);
      expect(paper.style.transform).toBe('translateX(297mm) rotate(90deg)');
    }

    const upright = renderPreviewHtml(t);
    expect(upright.paper).toEqual({ widthMm: 210, heightMm: 297 });
    const plain = pagesOf(upright.html).querySelectorAll<HTMLElement>('.wxy-print-page');
    expect(plain.length).toBe(pages.length);
    expect([...plain].every((p) => p.dataset.testid === 'print-page' && !p.style.transform)).toBe(true);
  });

  it('prints from the paginator\'s metrics: explicit line heights, rows at their planned heights, a 15 pt title grown to its line', () => {
    const t = sampleTemplate();
    const items = Array.from({ length: 100 }, (_, i) => ({ sku: `SKU${i}`, name: `商品${i}`, qty: 1, amount: '1.00' }));
    const els = t.panels[0].printElements.map((e) => (e.type === 'table' ? { ...e, options: { ...e.options, testData: JSON.stringify(items) } } : e));
    els.push({ type: 'text', options: { left: 20, top: 280, width: 200, height: 9.75, title: '加粗', fontSize: 15, fontWeight: 'bold' } });
    const template = { ...t, panels: [{ ...t.panels[0], printElements: els }] } as PrintTemplate;
    const plan = paginateTemplate(template);
    const pages = pagesOf(renderPreviewHtml(template).html).querySelectorAll<HTMLElement>('.wxy-print-page');
    expect(pages.length).toBe(plan.pages.length);
    let checked = 0;
    const px = (v: string) => (v.endsWith('pt') ? parseFloat(v) : (parseFloat(v) * 3) / 4);
    pages.forEach((page, k) => {
      const placed = plan.pages[k].placements.find((p) => p.table);
      if (!placed) return;
      checked++;
      const planned = [...(placed.table!.showHeader ? placed.tableLayout!.headerRowHeights : []), ...placed.table!.lanes[0].map((i) => i.height)];
      const rows = [...page.querySelectorAll('table')[0].rows];
      expect(rows.length).toBe(planned.length);
      let want = 0;
      let got = 0;
      rows.forEach((tr, i) => {
        want += planned[i];
        got += px(tr.cells[0].style.height);
        // every row ends within one layout unit (1/64 px) of its planned bottom: no drift over 100 rows
        expect(Math.abs(got - want)).toBeLessThan(0.75 / 64);
        for (const cell of tr.cells) {
          expect(cell.style.lineHeight).toBe(i === 0 && placed.table!.showHeader ? `${placed.tableLayout!.lineHeights.header}pt` : '11.25pt');
          expect(cell.style.boxSizing).toBe('border-box');
          // 1 pt above and below less the collapsed border's half: the row is as tall as planned
          expect(cell.style.paddingTop).toBe('0.625pt');
        }
      });
      // every text frame sets the paginator's line height (never the font's normal)
      for (const frame of page.querySelectorAll<HTMLElement>('[data-type="text"], [data-type="table"]')) expect(frame.style.lineHeight).toBe('1.25');
    });
    expect(checked).toBeGreaterThan(1);
    const title = [...pagesOf(renderPreviewHtml(template).html).querySelectorAll<HTMLElement>('[data-type="text"]')].find((e) => e.textContent === '加粗')!;
    expect(title.style.height).toBe('18.75pt');
  });
});
