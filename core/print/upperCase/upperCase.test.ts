import { describe, expect, it } from 'vitest';
import { UPPER_CASE_OPTIONS, formatSummaryNumber, roundHalfUp, toChineseUpperCase } from './index.ts';

describe('the 8 upper-case modes', () => {
  it('each mode reads 10.8 as its option label shows', () => {
    const shown = UPPER_CASE_OPTIONS.map((o) => toChineseUpperCase(o.value, 10.8));
    expect(shown).toEqual(['十点八', '一十点八', '拾点捌', '壹拾点捌', '人民币拾元捌角', '人民币壹拾元捌角', '人民币壹拾元捌角零分', '壹拾元捌角零分']);
    expect(UPPER_CASE_OPTIONS.map((o) => o.label.replace(/「.*」/, ''))).toEqual(shown);
  });

  it('reads zeros inside numbers the standard way', () => {
    expect(toChineseUpperCase('1', 10010)).toBe('一万零一十');
    expect(toChineseUpperCase('0', 1001)).toBe('一千零一');
    expect(toChineseUpperCase('0', 100000)).toBe('十万');
    expect(toChineseUpperCase('0', 1000100)).toBe('一百万零一百');
    expect(toChineseUpperCase('3', 100000001)).toBe('壹亿零壹');
    expect(toChineseUpperCase('3', 120000000)).toBe('壹亿贰仟万');
    expect(toChineseUpperCase('0', 0)).toBe('零');
    expect(toChineseUpperCase('2', 10.05)).toBe('拾点零伍');
  });

  it('writes RMB amounts as on a cheque', () => {
    expect(toChineseUpperCase('5', 1234.56)).toBe('人民币壹仟贰佰叁拾肆元伍角陆分');
    expect(toChineseUpperCase('5', 100)).toBe('人民币壹佰元整');
    expect(toChineseUpperCase('5', 10.05)).toBe('人民币壹拾元零伍分');
    expect(toChineseUpperCase('5', 0.5)).toBe('人民币伍角');
    expect(toChineseUpperCase('5', 0)).toBe('人民币零元整');
    expect(toChineseUpperCase('7', 10)).toBe('壹拾元零角零分');
    expect(toChineseUpperCase('5', 1.005)).toBe('人民币壹元零壹分'); // rounds half up despite binary fractions
    expect(toChineseUpperCase('5', 105000)).toBe('人民币壹拾万零伍仟元整');
    expect(toChineseUpperCase('4', 15)).toBe('人民币拾伍元整');
  });

  it('negative numbers and numeric text', () => {
    expect(toChineseUpperCase('0', -3)).toBe('负三');
    expect(toChineseUpperCase('5', '-12.3')).toBe('人民币负壹拾贰元叁角');
  });

  it('leaves text, empty values, huge numbers and unknown modes as they are', () => {
    expect(toChineseUpperCase('5', 'abc')).toBe('abc');
    expect(toChineseUpperCase('5', '')).toBe('');
    expect(toChineseUpperCase('5', null)).toBe('');
    expect(toChineseUpperCase('5', 1e20)).toBe('100000000000000000000');
    expect(toChineseUpperCase('9', 12)).toBe('12');
  });
});

describe('summary number formats', () => {
  it('keeps exactly the chosen decimals', () => {
    expect(formatSummaryNumber(12.5, '2')).toBe('12.50');
    expect(formatSummaryNumber(12.5, '0')).toBe('13');
    expect(formatSummaryNumber(1.0005, '3')).toBe('1.001');
    expect(formatSummaryNumber(0.1 + 0.2, '6')).toBe('0.300000');
  });
  it('defaults to at most 2 decimals', () => {
    expect(formatSummaryNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatSummaryNumber(10)).toBe('10');
    expect(formatSummaryNumber(2 / 3)).toBe('0.67');
    expect(formatSummaryNumber(NaN)).toBe('');
  });
  it('rounds half away from zero', () => {
    expect(roundHalfUp(-2.345, 2)).toBe(-2.35);
    expect(roundHalfUp(2.675, 2)).toBe(2.68);
  });
});
