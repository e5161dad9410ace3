import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** One thing wrong on a page, said so that someone can find the element and fix it. */
export interface Problem {
  check: string;
  detail: string;
}

/** WCAG 2.2 target size (minimum), 2.5.8. */
export const MIN_TARGET = 24;

interface LayoutFinding {
  check: 'overflow' | 'target-size' | 'off-screen' | 'serif-font';
  selector: string;
  detail: string;
}

/**
 * Runs in the page: horizontal overflow (phones), interactive targets under 24×24 px or out of
 * reach, and text that fell back to the browser's default serif font. Plain JavaScript in a
 * string-free function: Playwright serialises it into the page.
 */
function inspectLayout({
  minTarget,
  checkOverflow,
}: {
  minTarget: number;
  checkOverflow: boolean;
}) {
  const found: { check: string; selector: string; detail: string }[] = [];
  const vw = window.innerWidth;

  const describe = (el: Element): string => {
    const parts: string[] = [];
    let cur: Element | null = el;
    for (let depth = 0; cur && depth < 4; depth++) {
      let part = cur.tagName.toLowerCase();
      const id = cur.id;
      if (id && !/^(rc[-_]|_r_|:r|\d)/.test(id) && !/\d{3,}/.test(id)) {
        parts.unshift(`${part}#${CSS.escape(id)}`);
        break;
      }
      const classes = [...cur.classList]
        .filter((c) => !/^css-|css-var|^_[a-z0-9]+_[a-z0-9]+$/i.test(c))
        .slice(0, 2);
      if (classes.length) part += `.${classes.map((c) => CSS.escape(c)).join('.')}`;
      for (const attr of ['data-testid', 'aria-label', 'role', 'type', 'name']) {
        const value = cur.getAttribute(attr);
        if (value && (depth === 0 || attr === 'data-testid'))
          part += `[${attr}="${value.slice(0, 40)}"]`;
      }
      parts.unshift(part);
      cur = cur.parentElement;
    }
    return parts.join(' > ');
  };
  const textOf = (el: Element) => {
    const text =
      (el as HTMLElement).innerText?.trim() ||
      (el as HTMLInputElement).value ||
      el.getAttribute('aria-label') ||
      el.getAttribute('title') ||
      '';
    return text.replace(/\s+/g, ' ').slice(0, 40);
  };
  const visible = (el: Element) =>
    el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
    el.getClientRects().length > 0;
  const px = (n: number) => Math.round(n * 10) / 10;

  /** Whether an ancestor scrolls sideways (what is beyond its edge can be scrolled to). */
  const inSideScroller = (el: Element) => {
    for (let cur = el.parentElement; cur && cur !== document.body; cur = cur.parentElement) {
      const style = getComputedStyle(cur);
      if (/(auto|scroll)/.test(style.overflowX) && cur.scrollWidth > cur.clientWidth) return true;
    }
    return false;
  };
  /** Whether an ancestor that clips its content hides `rect` entirely. */
  const clippedAway = (el: Element, rect: DOMRect) => {
    for (let cur = el.parentElement; cur && cur !== document.body; cur = cur.parentElement) {
      const style = getComputedStyle(cur);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const box = cur.getBoundingClientRect();
      if (
        rect.right <= box.left ||
        rect.left >= box.right ||
        rect.bottom <= box.top ||
        rect.top >= box.bottom
      )
        return true;
    }
    return false;
  };

  // 1. Horizontal overflow: the page is wider than the screen.
  if (checkOverflow && document.documentElement.scrollWidth > vw) {
    const wide = [...document.body.querySelectorAll('*')].filter((el) => {
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.right > vw + 1 && visible(el) && !inSideScroller(el);
    });
    // The outermost ones: their children overflow with them.
    const outermost = wide.filter(
      (el) => !wide.some((other) => other !== el && other.contains(el)),
    );
    found.push({
      check: 'overflow',
      selector: 'html',
      detail: `document is ${document.documentElement.scrollWidth}px wide on a ${vw}px screen`,
    });
    for (const el of outermost.slice(0, 6)) {
      const rect = el.getBoundingClientRect();
      found.push({
        check: 'overflow',
        selector: describe(el),
        detail: `reaches x=${px(rect.right)} (width ${px(rect.width)}px) "${textOf(el)}"`,
      });
    }
  }

  // 2. Interactive targets: at least 24×24 px (WCAG 2.5.8), and on the page.
  const INTERACTIVE =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], ' +
    '[role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], ' +
    '[role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"], [role="option"], ' +
    '[role="combobox"], [role="slider"], [tabindex]:not([tabindex="-1"])';
  const targets = new Map<Element, DOMRect>();
  for (const el of document.querySelectorAll(INTERACTIVE)) {
    // A control wrapped in its label is clicked through the label (antd checkboxes, radios).
    const target = el.matches('input, select, textarea') ? (el.closest('label') ?? el) : el;
    if (targets.has(target) || !visible(target)) continue;
    if (target.closest('[inert]')) continue;
    const rect = target.getBoundingClientRect();
    // Visually hidden (1 px, clipped) elements are for screen readers, not targets.
    if (rect.width <= 1 || rect.height <= 1 || clippedAway(target, rect)) continue;
    targets.set(target, rect);
  }
  const small = [...targets].filter(
    ([, rect]) => rect.width < minTarget - 0.5 || rect.height < minTarget - 0.5,
  );
  const centre = (rect: DOMRect) => ({
    x: rect.left + rect.width / 2,
    y: rect.top + rect.height / 2,
  });
  for (const [el, rect] of small) {
    // Exempt (WCAG 2.5.8): a link inside a sentence.
    if (getComputedStyle(el).display === 'inline' && el.parentElement) {
      const words = [...el.parentElement.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim().length > 0,
      );
      if (words) continue;
    }
    // Exempt (spacing): a 24 px circle on its centre meets no other target nor another
    // small target's circle.
    const c = centre(rect);
    const r = minTarget / 2;
    const crowded = [...targets].some(([other, box]) => {
      if (other === el || other.contains(el) || el.contains(other)) return false;
      const dx = Math.max(box.left - c.x, 0, c.x - box.right);
      const dy = Math.max(box.top - c.y, 0, c.y - box.bottom);
      if (Math.hypot(dx, dy) < r) return true;
      const isSmall = box.width < minTarget - 0.5 || box.height < minTarget - 0.5;
      if (!isSmall) return false;
      const o = centre(box);
      return Math.hypot(o.x - c.x, o.y - c.y) < minTarget;
    });
    if (!crowded) continue;
    found.push({
      check: 'target-size',
      selector: describe(el),
      detail: `${px(rect.width)}×${px(rect.height)} px "${textOf(el)}"`,
    });
  }
  for (const [el, rect] of targets) {
    const left = rect.left + window.scrollX;
    const top = rect.top + window.scrollY;
    const offScreen = rect.right <= 0 || rect.left >= vw || top + rect.height <= 0 || left < -1;
    if (!offScreen || inSideScroller(el)) continue;
    found.push({
      check: 'off-screen',
      selector: describe(el),
      detail: `at x=${px(rect.left)} y=${px(top)} (${px(rect.width)}×${px(rect.height)}) "${textOf(el)}"`,
    });
  }

  // 3. Text in the browser's default serif font: a font-family that never got set.
  const SERIF =
    /^(serif|times|times new roman|georgia|cambria|liberation serif|dejavu serif|noto serif)$/;
  const seen = new Set<string>();
  for (const el of document.body.querySelectorAll('*')) {
    const hasText = [...el.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim().length > 0,
    );
    if (!hasText || !visible(el)) continue;
    const family = getComputedStyle(el).fontFamily;
    const first = family
      .split(',')[0]!
      .trim()
      .replace(/^["']|["']$/g, '')
      .toLowerCase();
    if (!SERIF.test(first) && !first.startsWith('times')) continue;
    const selector = describe(el);
    if (seen.has(selector)) continue;
    seen.add(selector);
    found.push({
      check: 'serif-font',
      selector,
      detail: `font-family: ${family} "${textOf(el)}"`,
    });
  }
  return found;
}

/** The page's layout problems, each element once (a repeated pattern is counted, not listed). */
export async function layoutProblems(page: Page, opts: { phone: boolean }): Promise<Problem[]> {
  const found = (await page.evaluate(inspectLayout, {
    minTarget: MIN_TARGET,
    checkOverflow: opts.phone,
  })) as LayoutFinding[];
  const counted = new Map<string, { finding: LayoutFinding; count: number }>();
  for (const finding of found) {
    const key = `${finding.check} ${finding.selector}`;
    const entry = counted.get(key);
    if (entry) entry.count++;
    else counted.set(key, { finding, count: 1 });
  }
  return [...counted.values()].map(({ finding, count }) => ({
    check: finding.check,
    detail: `${finding.selector} — ${finding.detail}${count > 1 ? ` (×${count})` : ''}`,
  }));
}

/** axe-core's critical and serious violations, each with the nodes it names. */
export async function axeProblems(page: Page): Promise<Problem[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => {
      const nodes = v.nodes.slice(0, 6).map((node) => {
        const why = node.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? '';
        return `      ${node.target.join(' ')}${why ? ` — ${why}` : ''}`;
      });
      const more = v.nodes.length > 6 ? [`      … and ${v.nodes.length - 6} more`] : [];
      return {
        check: `axe ${v.impact}`,
        detail: [`${v.id}: ${v.help} (${v.nodes.length} nodes)`, ...nodes, ...more].join('\n'),
      };
    });
}
