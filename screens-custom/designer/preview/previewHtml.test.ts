// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sampleTemplate } from '../core/pdf/sampleTemplate.ts';
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
});
