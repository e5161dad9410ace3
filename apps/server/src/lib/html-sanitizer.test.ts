import { describe, expect, it } from 'vitest';
import { htmlToText, safeUrl, sanitizeHtml } from './html-sanitizer';

const LINKS = new Set(['http', 'https', 'mailto', 'tel']);

describe('HTML allow-list sanitizer (docs/ARCHITECTURE.md: HTML written by people is sanitized on the server)', () => {
  it.each([
    ['javascript:alert(1)'],
    ['JAVASCRIPT:alert(1)'],
    [' \tjava\nscript:alert(1)'],
    ['java\u0000script:alert(1)'],
    ['vbscript:msgbox(1)'],
    ['data:text/html;base64,PHNjcmlwdD4='],
    ['\u00a0javascript:alert(1)'],
  ])('refuses the link %j', (url) => {
    expect(safeUrl(url, LINKS)).toBeNull();
  });

  it.each([
    ['https://example.com/a?b=1'],
    ['mailto:help@example.com'],
    ['tel:+4412345'],
    ['/help-center/1/articles/x'],
    ['other-article'],
    ['#section'],
  ])('keeps the link %j', (url) => {
    expect(safeUrl(url, LINKS)).toBe(url);
  });

  it('drops what would run in a browser, including parser tricks (noscript, svg, comments)', () => {
    const cases: [string, string][] = [
      ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', '<img src="x">"&gt;'],
      // An <img> breaks out of svg in a browser too: it stays, without its handler.
      ['<svg><style><img src=x onerror=alert(1)></style></svg>ok', '<img src="x">ok'],
      ['<math><mtext><table><mglyph><style><img src=x onerror=1>', ''],
      ['<!--<img src=x onerror=1>-->text', 'text'],
      [
        '<a href="https://x.example" onclick="x()" rel="opener" target="_top">x</a>',
        '<a href="https://x.example">x</a>',
      ],
      ['<p><b>bold</b> &lt;script&gt;</p>', '<p><b>bold</b> &lt;script&gt;</p>'],
      [
        '<td colspan="2;x">a</td><table><tr><td colspan="2">b</td></tr></table>',
        'a<table><tbody><tr><td colspan="2">b</td></tr></tbody></table>',
      ],
    ];
    for (const [input, output] of cases) {
      expect(sanitizeHtml(input)).toBe(output);
      // What we answer parses back to the same thing: nothing changes on a second pass.
      expect(sanitizeHtml(output)).toBe(output);
    }
  });

  it('holds remote images back as data-remote-src when asked, keeps or drops the others', () => {
    const policy = (src: string) =>
      /^https?:\/\//i.test(src) ? 'hold' : src.startsWith('/inline?') ? 'keep' : 'drop';
    const input =
      '<p><img src="https://t.example/open.gif?u=1&amp;m=2" alt="logo"><img src="/inline?k=1"><img src="/dashboardapi/me"><img src=" javascript:x" data-remote-src="https://forged.example"></p>';
    const output =
      '<p><img data-remote-src="https://t.example/open.gif?u=1&amp;m=2" alt="logo"><img src="/inline?k=1"><img><img></p>';
    expect(sanitizeHtml(input, { imageSource: policy })).toBe(output);
    // A data-remote-src the sender wrote is no address of ours: dropped like any other attribute.
    expect(sanitizeHtml(output, { imageSource: policy })).toBe(
      '<p><img alt="logo"><img src="/inline?k=1"><img><img></p>',
    );
  });

  it('reads the text of HTML with blocks apart and entities decoded', () => {
    expect(htmlToText('<h2>Title</h2><p>Fish &amp; chips</p><ul><li>a</li><li>b</li></ul>')).toBe(
      'Title Fish & chips a b',
    );
  });
});
