import { describe, expect, it } from 'vitest';
import { isRightToLeft, matchLocale, widgetLocale } from './languages';

describe('which language the widget speaks', () => {
  it('takes the first browser language it speaks, a regional variant counting as its language', () => {
    expect(matchLocale(['pt-PT', 'en'])).toBe('pt-BR');
    expect(matchLocale(['ja', 'fr-CA', 'de'])).toBe('fr');
    expect(matchLocale(['PT-br'])).toBe('pt-BR');
    expect(matchLocale(['ja', 'ko'])).toBe('en');
    expect(matchLocale([])).toBe('en');
  });

  it('follows the store’s language when it set one, else the visitor’s', () => {
    expect(widgetLocale('hi', ['es-ES'])).toBe('hi');
    expect(widgetLocale(null, ['es-ES'])).toBe('es');
    // A value the widget does not speak is no choice.
    expect(widgetLocale('xx', ['de-AT'])).toBe('de');
  });

  it('reads Arabic right to left', () => {
    expect(isRightToLeft('ar')).toBe(true);
    expect(isRightToLeft('hi')).toBe(false);
  });
});
