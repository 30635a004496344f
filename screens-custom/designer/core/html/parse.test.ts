import { describe, expect, it } from 'vitest';
import { htmlText, parseHtml, safeHtml } from './index.ts';

describe('html element content: allowed tree', () => {
  it('keeps formatting tags, safe styles and table cells', () => {
    expect(safeHtml('<p style="color: red; font-size: 12px">a<b>b</b><i>c</i><br>d</p><font color="#00f" size="4">e</font>'))
      .toBe('<p style="color: red; font-size: 12px">a<b>b</b><i>c</i><br>d</p><font color="#00f" size="4">e</font>');
    expect(safeHtml('<table border="1"><tr><td colspan="2" align="right">x</td></tr></table>'))
      .toBe('<table border="1"><tr><td colspan="2" align="right">x</td></tr></table>');
  });

  it('drops anything that runs code, whatever its spelling', () => {
    const hostile = [
      '<script>alert(1)</script>', '<SCRIPT src=//x></SCRIPT>', '<img src=x onerror=alert(1)>', '<img/onerror=alert(1) src=x>',
      '<svg onload=alert(1)><script>alert(1)</script></svg>', '<iframe src="javascript:alert(1)"></iframe>',
      '<a href="jav&#x61;script:alert(1)">l</a>', '<div style="background:url(javascript:alert(1))">s</div>',
      '<p style="width: expression(alert(1))">e</p>', '<b onclick="alert(1)" onmouseover=alert(1)>b</b>',
      '<style>*{}</style><link rel=stylesheet href=x><meta http-equiv=refresh content="0;url=javascript:alert(1)">',
      '<object data="x"></object><embed src=x><form action="javascript:alert(1)"><button>b</button></form>',
      '<!--<script>alert(1)</script>-->', '<scr<script>ipt>alert(1)</script>', '<p title="a"onmouseover="alert(1)">t</p>',
      '<template><img src=x onerror=alert(1)></template>', '<math><mi xlink:href="javascript:alert(1)">m</mi></math>',
    ].join('');
    const out = safeHtml(hostile);
    expect(out).not.toMatch(/<script|onerror|onload|onclick|onmouseover|javascript:|expression|url\(|<iframe|<img|<svg|<style|<link|<meta|<object|<embed|<form|<button|<template|<math/i);
    // the link's text stays, its address becomes a harmless '#'
    expect(out).toContain('<a href="#">l</a>');
  });

  it('keeps the text of unknown tags and escapes text that looks like markup', () => {
    expect(safeHtml('<marquee>滚动</marquee><custom-tag x="1">自定义</custom-tag>')).toBe('滚动自定义');
    expect(safeHtml('1 &lt; 2 &amp;&amp; a<b')).toBe('1 &lt; 2 &amp;&amp; a');
    expect(safeHtml('x < y')).toBe('x &lt; y');
  });

  it('never loops or recurses without bound on hostile input', () => {
    const deep = '<div>'.repeat(5000) + '深' + '</div>'.repeat(5000);
    expect(htmlText(deep)).toBe('深');
    expect(parseHtml('<b>'.repeat(50_000)).length).toBe(1);
    expect(safeHtml('<p' + ' a="'.repeat(1000))).toBe(''); // an unterminated tag is no tag
    expect(safeHtml('<script>x</script><i a=b c=d>t</i>'.repeat(5000))).toBe('<i>t</i>'.repeat(5000));
    // a flood of nodes is cut off, not kept without bound
    expect(safeHtml('<i>t</i>'.repeat(50_000)).length).toBeLessThan('<i>t</i>'.length * 20_001);
  });

  it('gives the text with block breaks as newlines', () => {
    expect(htmlText('<p>第一段</p><p>第二段<br>换行</p>&nbsp;尾')).toBe('第一段\n第二段\n换行\n\u00a0尾');
  });
});
