import { describe, expect, it } from 'vitest';
import { chooseLocale, requestLanguages, serverI18n } from './i18n';

describe('the server’s texts in the person’s language (docs/i18n.md, "Mails")', () => {
  it('translates from the catalogs, with the values put in', () => {
    expect(serverI18n('es')._('Hi {name},', { name: 'Ana' })).toBe('Hola, Ana:');
    expect(serverI18n('ar')._('Reset your {productName} password', { productName: 'Parley' })).toBe(
      'أعد تعيين كلمة مرور Parley',
    );
    expect(serverI18n('en')._('Hi {name},', { name: 'Ana' })).toBe('Hi Ana,');
  });

  it('sends a text no catalog has in English rather than failing', () => {
    expect(
      serverI18n('fr')._('A text written after the catalogs, for {name}', { name: 'Zoé' }),
    ).toBe('A text written after the catalogs, for Zoé');
  });

  it('reads Accept-Language best first, by its q-values', () => {
    expect(requestLanguages({ 'accept-language': 'de;q=0.5, fr-CA, en;q=0.8, *;q=0.1' })).toEqual([
      'fr-CA',
      'en',
      'de',
    ]);
    expect(requestLanguages({})).toEqual([]);
  });

  it('writes in the person’s choice, else the nearest language their browser asked for, else English', () => {
    expect(chooseLocale('de', ['fr'])).toBe('de');
    expect(chooseLocale(null, ['zh-CN', 'pt-PT'])).toBe('pt-BR');
    expect(chooseLocale(undefined, ['zh-CN'])).toBe('en');
    expect(chooseLocale(null, [])).toBe('en');
  });
});
