import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { literalsIn, missingMessages } from '../../scripts/i18n-check.mjs';

describe('the translation check: no text outside the catalogs', () => {
  it('finds JSX text, user-visible attributes and properties, and toast texts', () => {
    const hits = literalsIn(`
      export function Page({ name }) {
        toast.success('Saved');
        const rules = [{ required: true, message: 'Enter your name.' }];
        return (
          <Form.Item label="Name" extra={\`At most \${name} characters.\`}>
            <Input placeholder="Jane" aria-label="Your name" />
            <p>Hello there</p>
            {name ? 'Welcome back' : null}
          </Form.Item>
        );
      }`);
    expect(hits.map((hit) => hit.text).sort()).toEqual(
      [
        'Saved',
        'Enter your name.',
        'Name',
        'At most characters.',
        'Jane',
        'Your name',
        'Hello there',
        'Welcome back',
      ].sort(),
    );
  });

  it('lets through what goes through the catalogs, brand names, symbols and marked English data', () => {
    expect(
      literalsIn(`
        import { t, msg } from '@lingui/core/macro';
        import { Trans } from '@lingui/react/macro';
        const LABEL = msg\`Inbox\`;
        export function Page() {
          return (
            <div title={t\`Settings\`} className="row" data-testid="x">
              <Trans>Write to us at <a href="mailto:x">x</a>.</Trans>
              <span>Parley</span> · <span>{'·'}</span> 42
              {/* i18n-ignore-next-line: a code, not words */}
              <code title="IST">IST</code>
            </div>
          );
        }`),
    ).toEqual([]);
    expect(
      literalsIn(`// i18n-ignore-file: English data\nexport const A = { label: 'Profile' };`),
    ).toEqual([]);
  });
});

describe('the translation check: every message in every catalog', () => {
  const root = mkdtempSync(join(tmpdir(), 'i18n-check-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  function fixture(name: string, catalogs: Record<string, Record<string, string>>) {
    const dir = join(root, name);
    mkdirSync(join(dir, 'src', 'locales'), { recursive: true });
    writeFileSync(
      join(dir, 'src', 'page.tsx'),
      "import { t } from '@lingui/core/macro';\nexport const a = () => t`Hello`;\nexport const b = () => t`Goodbye`;\n",
    );
    writeFileSync(
      join(dir, 'lingui.config.js'),
      `module.exports = { sourceLocale: 'en', locales: ['en', 'fr'], catalogs: [{ path: '<rootDir>/src/locales/{locale}', include: ['<rootDir>/src'] }], format: 'po' };\n`,
    );
    for (const [locale, entries] of Object.entries(catalogs)) {
      const po = Object.entries(entries)
        .map(([id, text]) => `msgid "${id}"\nmsgstr "${text}"\n`)
        .join('\n');
      writeFileSync(join(dir, 'src', 'locales', `${locale}.po`), `msgid ""\nmsgstr ""\n\n${po}`);
    }
    return join(dir, 'lingui.config.js');
  }

  it('passes when every language has every message', async () => {
    const config = fixture('complete', {
      en: { Hello: '', Goodbye: '' },
      fr: { Hello: 'Bonjour', Goodbye: 'Au revoir' },
    });
    expect(await missingMessages(config)).toEqual([]);
  });

  it('fails on a message a language has not translated', async () => {
    const config = fixture('untranslated', {
      en: { Hello: '', Goodbye: '' },
      fr: { Hello: 'Bonjour', Goodbye: '' },
    });
    expect(await missingMessages(config)).toMatchObject([{ locale: 'fr', message: 'Goodbye' }]);
  });

  it('fails on a message of the sources that was never extracted into the catalogs', async () => {
    const config = fixture('not-extracted', { en: { Hello: '' }, fr: { Hello: 'Bonjour' } });
    const missing = await missingMessages(config);
    expect(missing.map((m) => `${m.locale}: ${m.message}`).sort()).toEqual([
      'en: Goodbye',
      'fr: Goodbye',
    ]);
  });
});
