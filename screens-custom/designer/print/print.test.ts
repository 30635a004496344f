// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { DesignerError } from '../../../core/print/errors/index.ts';
import { loadPrintCss, printDocumentHtml, printLockLink } from './index.ts';

const preview = { html: '<div class="wxy-print-page" style="width:210mm;height:297mm">调拨单</div>', paper: { widthMm: 210, heightMm: 297 }, title: '调拨单 <1>' };

describe('print stylesheet and document', () => {
  it('refuses to print when the entry page lacks the print-lock stylesheet link', () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/other.css">';
    expect(() => printLockLink(document)).toThrow(DesignerError);
    expect(() => printLockLink(document)).toThrow(/print-lock stylesheet missing/);
    try {
      printLockLink(document);
    } catch (e) {
      expect((e as DesignerError).zh).toContain('print-lock.css');
    }
  });

  it('fetches the stylesheet once and embeds it with the paper size', async () => {
    document.head.innerHTML = '<link rel="stylesheet" media="print" href="/print-lock.css?v=2">';
    let fetched = 0;
    const fetchText = async (url: string) => {
      fetched++;
      expect(url).toMatch(/\/print-lock\.css\?v=2$/);
      return '.wxy-print-page{page-break-after:always}</style><script>alert(1)</script>';
    };
    const css = await loadPrintCss(document, fetchText);
    await loadPrintCss(document, fetchText);
    expect(fetched).toBe(1);
    const html = printDocumentHtml(preview, css);
    expect(html).toContain('@page{size:210mm 297mm;margin:0}');
    expect(html).toContain('.wxy-print-page{page-break-after:always}');
    expect(html).not.toContain('</style><script>'); // a stylesheet cannot end its own <style>
    expect(html).toContain('<title>调拨单 &lt;1&gt;</title>');
    expect(html).toContain(preview.html);
  });
});
