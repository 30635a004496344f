import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlText, parseHtml, safeHtml, safeStyle } from './index.ts';

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

  it('closes unclosed tags as a browser does', () => {
    expect(safeHtml('<p>one<p>two')).toBe('<p>one</p><p>two</p>');
    expect(safeHtml('<ul><li>a<li>b</ul>')).toBe('<ul><li>a</li><li>b</li></ul>');
    expect(safeHtml('<table><tr><td>1<td>2<tr><td>3</table>')).toBe('<table><tr><td>1</td><td>2</td></tr><tr><td>3</td></tr></table>');
    expect(safeHtml('<b>bold<i>both')).toBe('<b>bold<i>both</i></b>');
    expect(safeHtml('<div><p>x</div>y')).toBe('<div><p>x</p></div>y');
    expect(safeHtml('<h1>t<h2>u')).toBe('<h1>t</h1><h2>u</h2>');
    expect(safeHtml('a<br>b</br>c<br/>d')).toBe('a<br>b<br>c<br>d');
    // a stray end tag closes nothing else
    expect(safeHtml('<b>x</i>y</b>z')).toBe('<b>xy</b>z');
  });

  it('decodes entities in text and attributes', () => {
    expect(parseHtml('a&nbsp;b &amp; c &#x4e2d;&#25991; &lt;tag&gt; &hellip;&copy;')).toEqual([{ kind: 'text', text: 'a\u00a0b & c 中文 <tag> …©' }]);
    expect(safeHtml('&amp;lt;script&amp;gt;')).toBe('&amp;lt;script&amp;gt;');
    expect(safeHtml('&unknown; &#0; &#xD800;')).toBe('&amp;unknown; \ufffd \ufffd');
    expect(safeHtml('<a href="https://x.cn/?a=1&amp;b=2">l</a>')).toBe('<a href="https://x.cn/?a=1&amp;b=2">l</a>');
    expect(safeHtml('<p style="font-family: &quot;Noto Sans SC&quot;">f</p>')).toBe('<p style="font-family: &quot;Noto Sans SC&quot;">f</p>');
    expect(decodeEntities('&lt;&#x4e2d;&nbsp;&amp;')).toBe('<中\u00a0&');
    expect(safeStyle('color:&#114;ed')).toBe('color: red');
  });

  it('reads attributes with or without quotes', () => {
    expect(safeHtml('<font color=red size=3 face=\'SimSun\'>x</font>')).toBe('<font color="red" size="3" face="SimSun">x</font>');
    expect(safeHtml('<td colspan=2 align=right>c</td>')).toBe('<td colspan="2" align="right">c</td>');
    expect(safeHtml('<a href=mailto:a@b.cn>m</a><a href=javascript:alert(1)>j</a>')).toBe('<a href="mailto:a@b.cn">m</a><a href="#">j</a>');
    // an attribute given twice keeps its first value, as in a browser
    expect(safeHtml('<p align=left align=right>p</p>')).toBe('<p align="left">p</p>');
  });

  it('drops script and style content, comments and other non-content', () => {
    expect(safeHtml('a<script>if (a < b && c > d) { x("</p>") }</script>b')).toBe('ab');
    expect(safeHtml('a<style>p > b { color: red }</style>b')).toBe('ab');
    expect(safeHtml('a<textarea><b>t</b></textarea><title>t</title>b')).toBe('ab');
    expect(safeHtml('a<!-- <b>hidden</b> -->b<!---->c<!-- unterminated <b>x</b>')).toBe('abc');
    expect(safeHtml('<!DOCTYPE html><html><head><title>x</title></head><body><p>b</p></body></html>')).toBe('<p>b</p>');
    expect(safeHtml('<![CDATA[x]]>y<?xml version="1.0"?>z')).toBe('yz');
    expect(safeHtml('<svg><title>x</title><text>t</text></svg>after')).toBe('after');
    expect(htmlText('<p>价格</p><script>document.write("x")</script>')).toBe('价格');
  });

  it('reads uppercase and mixed-case tags and attributes', () => {
    expect(safeHtml('<P ALIGN=CENTER STYLE="COLOR: red">Up</P><B>b</b><Font Color="#f00">f</FONT>'))
      .toBe('<p align="center" style="color: red">Up</p><b>b</b><font color="#f00">f</font>');
    expect(safeHtml('<SCRIPT>alert(1)</SCRIPT><STYLE>*{}</STYLE>ok')).toBe('ok');
  });

  it('stays linear on end tags that match nothing and on deep unclosed nesting', () => {
    const started = Date.now();
    expect(htmlText('<span>'.repeat(15_000) + '</i>'.repeat(200_000) + '尾')).toBe('尾');
    expect(parseHtml('<u>'.repeat(100_000) + '</p>'.repeat(100_000)).length).toBe(1);
    expect(htmlText('<svg>'.repeat(50_000) + '</x>'.repeat(50_000) + '<p>p</p>')).toBe('');
    expect(safeHtml('<b>'.repeat(2000) + '<script>x</script>t')).toMatch(/t(<\/b>)+$/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
