import { describe, expect, it } from 'vitest';
import { visitorMessage } from './api';

describe('error messages a visitor understands', () => {
  it('shows the server’s own sentence for a refused request', () => {
    expect(
      visitorMessage(400, { code: 'validation_failed', message: 'Please write your message.' }),
    ).toBe('Please write your message.');
  });
  it('never shows codes or stack traces for failures on our side, and asks to slow down on 429', () => {
    expect(visitorMessage(500, { message: 'TypeError: x is undefined' })).toBe(
      'Something went wrong on our side. Please try again in a moment.',
    );
    expect(visitorMessage(429, { message: 'rate_limited' })).toMatch(/too fast/);
  });
});
