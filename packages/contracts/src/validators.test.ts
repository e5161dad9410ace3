import { describe, expect, it } from 'vitest';
import { isNumericString, isValidEmail, isValidUrl, normalizePhone } from './validators';

describe('helpers (docs/product/validation.md)', () => {
  it('checks an email in the standard pattern after trimming', () => {
    expect(isValidEmail('  maya@shop.example ')).toBe(true);
    expect(isValidEmail('first.last+tag@sub.example.co')).toBe(true);
    for (const bad of [
      'maya',
      'maya@',
      '@shop.example',
      'maya@shop',
      'ma ya@shop.example',
      'maya@-shop.example',
    ])
      expect(isValidEmail(bad)).toBe(false);
  });

  it('checks a numeric string', () => {
    expect(isNumericString('0123456789')).toBe(true);
    for (const bad of ['', '12a', '1.5', '-1', ' 12']) expect(isNumericString(bad)).toBe(false);
  });

  it('normalizes a phone number by stripping non-digits', () => {
    expect(normalizePhone('+91 (987) 65-43 210')).toBe('919876543210');
    expect(normalizePhone('no digits')).toBe('');
  });

  it('checks a URL', () => {
    expect(isValidUrl('https://help.example.com/a?b=c')).toBe(true);
    expect(isValidUrl('http://localhost:3000')).toBe(true);
    for (const bad of ['example.com', 'javascript:alert(1)', 'ftp://x.example', ''])
      expect(isValidUrl(bad)).toBe(false);
  });
});
