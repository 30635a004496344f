import { describe, expect, it } from 'vitest';
import {
  MAX_LENGTH,
  dateOnly,
  decimalInput,
  integerInput,
  isExternal,
  isValidPhone,
  negativeDecimalInput,
  phoneError,
  positiveIntegerInput,
  roundTo,
  searchDaysLimit,
} from './inputRules';

describe('phone rule', () => {
  it('accepts an empty value and valid mainland numbers', () => {
    expect(isValidPhone('')).toBe(true);
    expect(isValidPhone(undefined)).toBe(true);
    expect(isValidPhone('13800000001')).toBe(true);
    expect(isValidPhone('19912345678')).toBe(true);
  });
  it('rejects a wrong second digit, wrong length or letters with 手机号码有误 key', () => {
    expect(phoneError('11800000001')).toBe('validation.phone');
    expect(phoneError('10800000001')).toBe('validation.phone');
    expect(phoneError('1380000000')).toBe('validation.phone');
    expect(phoneError('138000000012')).toBe('validation.phone');
    expect(phoneError('1380000000a')).toBe('validation.phone');
    expect(phoneError('23800000001')).toBe('validation.phone');
  });
});

describe('decimal input', () => {
  it('keeps digits and one dot with 2 decimals', () => {
    expect(decimalInput('12a.3.45')).toBe('12.34');
    expect(decimalInput('0.999')).toBe('0.99');
    expect(decimalInput('abc')).toBe('');
  });
  it('can keep 1 decimal', () => {
    expect(decimalInput('3.14', { decimals: 1 })).toBe('3.1');
  });
  it('cuts the integer part to the maximum length', () => {
    expect(decimalInput('1234567.89', { maxIntegerLength: 5 })).toBe('12345.89');
  });
  it('negative input keeps a leading minus and 2 decimals', () => {
    expect(negativeDecimalInput('-12.345')).toBe('-12.34');
    expect(negativeDecimalInput('1-2')).toBe('12');
  });
});

describe('integer input', () => {
  it('strips non-digits', () => {
    expect(integerInput('1a2-3.4')).toBe('1234');
  });
  it('the positive variant strips leading zeros too', () => {
    expect(positiveIntegerInput('007')).toBe('7');
    expect(positiveIntegerInput('0')).toBe('');
    expect(integerInput('007')).toBe('007');
  });
});

describe('other helpers', () => {
  it('detects external links', () => {
    expect(isExternal('https://help.example.com')).toBe(true);
    expect(isExternal('http://x')).toBe(true);
    expect(isExternal('mailto:a@b.c')).toBe(true);
    expect(isExternal('tel:10086')).toBe(true);
    expect(isExternal('/home/index')).toBe(false);
  });
  it('rounds money to 2 decimals by default', () => {
    expect(roundTo(1.005)).toBe(1.01);
    expect(roundTo(2.344)).toBe(2.34);
    expect(roundTo(-1.005)).toBe(-1.01);
    expect(roundTo(1.25, 1)).toBe(1.3);
  });
  it('search time limit is 30 x value + 1 for subjects 3 to 7, 0 when empty', () => {
    expect(searchDaysLimit(3, 2)).toBe(61);
    expect(searchDaysLimit(7, 0)).toBe(1);
    expect(searchDaysLimit(5, null)).toBe(0);
    expect(searchDaysLimit(1, 15)).toBe(15);
    expect(dateOnly('2024-05-06 12:30:00')).toBe('2024-05-06');
  });
  it('has the max lengths of the spec', () => {
    expect(MAX_LENGTH).toEqual({ name: 24, url: 1024, email: 256, address: 100, introduction: 100, default: 24, input: 48, phone: 11 });
  });
});
