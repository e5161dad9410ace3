import { describe, expect, it } from 'vitest';
import { LOADER_TEXTS, loaderText } from './loader-texts';

describe('the loader’s texts', () => {
  it('are in the browser’s language, English when the widget does not speak it', () => {
    expect(loaderText(LOADER_TEXTS.unread, ['fr-CA'])).toBe('messages non lus');
    expect(loaderText(LOADER_TEXTS.frameTitle, ['ar'])).toBe('الدردشة');
    expect(loaderText(LOADER_TEXTS.unread, ['ja'])).toBe('unread messages');
    expect(loaderText(LOADER_TEXTS.frameTitle, ['en-GB'])).toBe('Chat');
  });
});
