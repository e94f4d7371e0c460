/**
 * What the Russian screens are checked for, run in the page: text that overflows its box, and English left
 * in the visible text. Each finding names the element (tag, class, a little of its text) so that a failure
 * says where to look. The page's side is a string (the tests are compiled without the DOM's types).
 */
import type { Page } from 'playwright-core';

/**
 * Elements whose content is wider than their box, as "tag.class “text”: scrollWidth/clientWidth". Checked:
 * the blocks that hold words (headings, paragraphs, labels, list items, table cells, buttons, tabs, badges,
 * hints and errors, a virtual table's headers and cells). An element made to scroll (overflow-x auto or scroll) is not a finding, but the page
 * itself scrolling sideways is, and so is an empty field's placeholder wider than the field. A pixel of
 * rounding is allowed.
 */
const OVERFLOWING = `(() => {
  const found = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) found.push('the page: ' + root.scrollWidth + '/' + root.clientWidth);
  const selector = 'h1,h2,h3,h4,p,label,legend,li,dt,dd,th,td,button,a,summary,[role="tab"],[role="status"],[role="alert"],[role="columnheader"],[role="cell"],.badge,.hint,.field-error,.nav-item,.env-badge,.toast';
  for (const el of document.querySelectorAll(selector)) {
    if (el.closest('svg') || !el.checkVisibility()) continue;
    const style = getComputedStyle(el);
    // Inline boxes have no width of their own; a 1px box is a visually hidden heading, for screen readers.
    if (style.display === 'inline' || el.clientWidth <= 1) continue;
    if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
    // A virtual table's cell cut with an ellipsis that gives its whole text on hover is cut by design.
    if (style.textOverflow === 'ellipsis' && el.title) continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      const cls = typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
      const text = (el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 60);
      found.push(el.tagName.toLowerCase() + cls + ' “' + text + '”: ' + el.scrollWidth + '/' + el.clientWidth);
    }
  }
  // An empty field's placeholder, measured in the field's font against the room inside its padding.
  const ctx = document.createElement('canvas').getContext('2d');
  for (const el of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
    if (el.value || !el.checkVisibility() || el.tagName === 'TEXTAREA') continue;
    const style = getComputedStyle(el);
    ctx.font = style.font;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const width = ctx.measureText(el.placeholder).width;
    if (width > room + 1) found.push('placeholder “' + el.placeholder + '”: ' + Math.ceil(width) + '/' + Math.floor(room));
  }
  return found;
})()`;

export const overflowing = (page: Page): Promise<string[]> => page.evaluate(OVERFLOWING);

/** The visible text: text nodes, accessible names and hints in attributes, a visible select's options. */
const VISIBLE_TEXTS = `(() => {
  const out = [];
  const lang = document.documentElement.lang;
  // Data shown as it is, and words marked as another language (a language named in its own words).
  // .mono is how the screens show a machine's identifiers verbatim (an audit entry's action and object).
  const skip = (el) => !!el.closest('code, kbd, samp, pre, .mono, svg, script, style, [aria-hidden="true"]') || (el.closest('[lang]')?.getAttribute('lang') ?? lang) !== lang;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = n.parentElement;
    const text = (n.textContent || '').trim();
    if (!text || !parent || skip(parent) || !parent.checkVisibility()) continue;
    out.push(text);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (skip(el) || !el.checkVisibility()) continue;
    for (const a of ['aria-label', 'title', 'placeholder']) {
      const v = (el.getAttribute(a) || '').trim();
      if (v) out.push(v);
    }
  }
  for (const el of document.querySelectorAll('select option')) {
    if (!skip(el) && el.closest('select').checkVisibility() && el.textContent) out.push(el.textContent.trim());
  }
  return out;
})()`;

/**
 * Latin words in the visible text, each with the text it stands in. Not counted: identifiers (a token
 * with a digit, `_`, `.`, `/`, `@`, `*`, or in camelCase: orderId, demo-0009, 411111******1111), codes in
 * capitals of two to six letters (RUB, CSV, API, VISA), and the words and phrases of `data`: what the page shows as
 * the gateway's or the operator's data (client IDs, card holders' names). Text inside <code>, <kbd>,
 * <samp> or .mono (identifiers shown verbatim), marked with another `lang`, or an input's value is not read.
 */
export async function englishLeft(page: Page, data: readonly string[] = []): Promise<string[]> {
  const texts = await page.evaluate<string[]>(VISIBLE_TEXTS);
  const found = new Set<string>();
  for (const text of texts) {
    // The data's words and phrases, as whole words.
    const rest = data.reduce(
      (t, d) => t.replace(new RegExp(`(?<![A-Za-z])${d.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z])`, 'g'), ' '),
      text,
    );
    const words = (rest.match(/[A-Za-z0-9][A-Za-z0-9_.@/*'’:-]*/g) ?? [])
      .map((w) => w.replace(/[.:'’-]+$/, ''))
      .filter((w) => {
        if (!/^[A-Za-z][A-Za-z'’-]*[A-Za-z]$/.test(w)) return false; // digits, marks of identifiers, single letters
        if (/[a-z][A-Z]/.test(w)) return false; // camelCase: a field's name
        if (/^[A-Z]{2,6}$/.test(w)) return false; // a code: RUB, CSV, RSA
        return true;
      });
    if (words.length > 0) found.add(`${words.join(' ')} — in “${text.slice(0, 90)}”`);
  }
  return [...found];
}
