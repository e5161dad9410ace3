import {
  defaultTreeAdapter,
  html as htmlSpec,
  parseFragment,
  serialize,
  type DefaultTreeAdapterTypes,
} from 'parse5';

type Node = DefaultTreeAdapterTypes.ChildNode;
type Parent = DefaultTreeAdapterTypes.ParentNode;
type Element = DefaultTreeAdapterTypes.Element;

/**
 * HTML written by people (help-center articles, and later email bodies) is cleaned on the server
 * with an allow-list (docs/ARCHITECTURE.md): the HTML is parsed as a browser would (parse5 follows the
 * WHATWG algorithm), then only the elements and attributes below survive, and it is serialized
 * again, so every text and attribute value comes out escaped.
 */

/** Elements kept as they are (their attributes filtered). */
const ALLOWED = new Set([
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'del',
  'div',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);

/** Elements removed with everything inside them. Any other element is unwrapped: its content stays. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'svg',
  'math',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'textarea',
  'select',
  'option',
  'button',
  'input',
  'form',
  'xmp',
  'plaintext',
  'audio',
  'video',
  'source',
  'track',
  'canvas',
  'portal',
]);

const ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  ol: ['start', 'reversed'],
  abbr: ['title'],
};

const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const IMAGE_SCHEMES = new Set(['http', 'https']);

/**
 * The URL when it is a relative address or uses one of the schemes; else null. Whitespace and
 * control characters are removed before the scheme is read (browsers ignore some of them, so
 * `java\tscript:` is still javascript:).
 */
/** Control characters, whitespace (any Unicode space) and zero-width characters. */
function ignoredInUrls(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return (
    code <= 0x20 ||
    (code >= 0x7f && code <= 0xa0) ||
    (code >= 0x200b && code <= 0x200f) ||
    /\s/u.test(ch)
  );
}

export function safeUrl(raw: string, schemes: ReadonlySet<string>): string | null {
  const squeezed = [...raw].filter((ch) => !ignoredInUrls(ch)).join('');
  if (!squeezed) return null;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(squeezed)?.[1];
  if (scheme !== undefined && !schemes.has(scheme.toLowerCase())) return null;
  // A colon before any / ? # that is not a valid scheme (e.g. "1x:y") is refused too.
  if (scheme === undefined && /^[^/?#]*:/.test(squeezed)) return null;
  return raw.trim().replace(/[\t\n\r]/g, '');
}

const NUMBER = /^\d{1,5}$/;

/**
 * What happens to an image's address (after the scheme check): kept; held back as
 * `data-remote-src`, which no browser loads, until the reader chooses to load it (a remote image
 * in a mail tells its sender when and where the mail was opened); or dropped.
 */
export type ImageSourcePolicy = (src: string) => 'keep' | 'hold' | 'drop';

/** The attribute a held-back image's address is kept in (see ImageSourcePolicy). */
export const HELD_IMAGE_ATTRIBUTE = 'data-remote-src';

export interface SanitizeOptions {
  imageSource?: ImageSourcePolicy;
}

function cleanAttributes(el: Element, options: SanitizeOptions): void {
  const allowed = ATTRIBUTES[el.tagName] ?? [];
  const kept: Element['attrs'] = [];
  for (const attr of el.attrs) {
    if (attr.namespace || !allowed.includes(attr.name)) continue;
    let value: string | null = attr.value;
    if (attr.name === 'href') value = safeUrl(value, LINK_SCHEMES);
    else if (attr.name === 'src') value = safeUrl(value, IMAGE_SCHEMES);
    else if (attr.name === 'target') value = value === '_blank' ? value : null;
    else if (['width', 'height', 'colspan', 'rowspan', 'start'].includes(attr.name))
      value = NUMBER.test(value.trim()) ? value.trim() : null;
    else if (attr.name === 'scope')
      value = ['row', 'col', 'rowgroup', 'colgroup'].includes(value) ? value : null;
    else if (attr.name === 'reversed') value = '';
    if (value !== null && attr.name === 'src' && options.imageSource) {
      const decision = options.imageSource(value);
      if (decision === 'drop') continue;
      if (decision === 'hold') {
        kept.push({ name: HELD_IMAGE_ATTRIBUTE, value });
        continue;
      }
    }
    if (value !== null) kept.push({ name: attr.name, value });
  }
  if (el.tagName === 'a' && kept.some((a) => a.name === 'target')) {
    kept.push({ name: 'rel', value: 'noopener noreferrer' });
  }
  el.attrs = kept;
}

function cleanChildren(parent: Parent, options: SanitizeOptions): void {
  const out: Node[] = [];
  for (const node of parent.childNodes) {
    if (node.nodeName === '#text') {
      out.push(node);
      continue;
    }
    if (!('tagName' in node)) continue; // comments, doctypes
    const el = node as Element;
    if (el.namespaceURI !== htmlSpec.NS.HTML || DROPPED.has(el.tagName)) continue;
    cleanChildren(el, options);
    if (ALLOWED.has(el.tagName)) {
      cleanAttributes(el, options);
      out.push(el);
    } else {
      for (const child of el.childNodes) {
        child.parentNode = parent;
        out.push(child);
      }
    }
  }
  parent.childNodes = out;
}

/**
 * Parsed as the content of a <div> (parse5's default is a <template>, where e.g. a lone <td>
 * survives): the same context the web app puts the result in, so the browser builds the tree we
 * cleaned.
 */
const parseInDiv = (input: string) =>
  parseFragment(defaultTreeAdapter.createElement('div', htmlSpec.NS.HTML, []), input, {});

export function sanitizeHtml(input: string, options: SanitizeOptions = {}): string {
  const fragment = parseInDiv(input);
  cleanChildren(fragment, options);
  return serialize(fragment).trim();
}

const BLOCKS = new Set([
  'p',
  'div',
  'br',
  'hr',
  'li',
  'tr',
  'td',
  'th',
  'blockquote',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'figure',
  'figcaption',
  'caption',
  'table',
  'ul',
  'ol',
]);

/** The readable text of (sanitized) HTML: blocks separated by spaces, whitespace collapsed. */
export function htmlToText(input: string): string {
  const parts: string[] = [];
  const walk = (parent: Parent) => {
    for (const node of parent.childNodes) {
      if (node.nodeName === '#text') parts.push((node as DefaultTreeAdapterTypes.TextNode).value);
      else if ('tagName' in node) {
        const block = BLOCKS.has(node.tagName);
        if (block) parts.push(' ');
        walk(node);
        if (block) parts.push(' ');
      }
    }
  };
  walk(parseInDiv(input));
  return parts.join('').replace(/\s+/g, ' ').trim();
}
