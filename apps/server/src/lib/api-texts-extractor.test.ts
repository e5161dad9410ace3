import { describe, expect, it } from 'vitest';
import { apiTextsIn, UnextractableTextError } from './api-texts-extractor';

const texts = (code: string, kind: 'server' | 'contracts' = 'server') =>
  apiTextsIn(code, '/repo/file.ts', kind).map((f) => f.text);

describe('the API texts the catalogs hold (docs/i18n.md, "API errors")', () => {
  it('finds the messages of the error helpers, apiText and the field problems of details', () => {
    expect(
      texts(`
        throw badRequest('Give the tag a name.', [{ path: 'name', message: 'Too short.' }]);
        throw notFound(found ? 'That tag was not found.' : 'That team was not found.');
        throw new AppError(502, 'provider_error', 'Stripe could not be reached.');
        const problem = { path: 'x', message: 'Closes before it opens.' };
        const text = apiText('{name} is already a member.', { name });
        log.info({ message: 'not a text for people' });
      `),
    ).toEqual([
      'Give the tag a name.',
      'Too short.',
      'That tag was not found.',
      'That team was not found.',
      'Stripe could not be reached.',
      'Closes before it opens.',
      '{name} is already a member.',
    ]);
  });

  it('writes in the constants of the file and of the files it imports from, never a run-time value', () => {
    expect(
      texts(`
        const MAX = 50;
        const LIMITS = { days: 30 } as const;
        throw badRequest(\`Keep at most \${MAX} rules for \${LIMITS.days} days, \${MAX + 1} is one too many.\`);
      `),
    ).toEqual(['Keep at most 50 rules for 30 days, 51 is one too many.']);
    expect(() => texts('throw conflict(`${name} already exists.`);')).toThrow(
      UnextractableTextError,
    );
    expect(() => texts('throw conflict(`${name} already exists.`);')).toThrow(/file\.ts:1/);
  });

  it('finds a schema’s own words in the contracts: checks, message and error, tables, schemaText', () => {
    expect(
      texts(
        `
        const name = z.string().min(1, 'Give the tag a name.').max(MAX, 'Keep it short.');
        const kind = z.enum(['a', 'b'], { error: 'Choose a or b.' });
        const body = z.object({}).refine((b) => b, { message: 'Send a field.' });
        export const FORM_MESSAGES = { name: 'Enter your name.' } as const;
        const day = (message: string) => z.string().refine(isDay, message);
        const from = day(schemaText('Give the start date.'));
        const label = z.string().describe('not a message');
      `,
        'contracts',
      ).sort(),
    ).toEqual(
      [
        'Give the tag a name.',
        'Keep it short.',
        'Choose a or b.',
        'Send a field.',
        'Enter your name.',
        'Give the start date.',
      ].sort(),
    );
  });
});
