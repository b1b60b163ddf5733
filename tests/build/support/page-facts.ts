// Facts about a rendered page that Lighthouse's SEO and accessibility audits rest on, gathered inside the
// browser. The probe is plain JavaScript source (not a transpiled function), so what runs in the page is
// exactly what is written here.

export interface PageFacts {
  lang: string;
  title: string;
  descriptions: string[];
  canonicals: string[];
  viewport: string[];
  robots: string[];
  h1: string[];
  mains: number;
  /** Visible elements that lack what they need, each as a short description of the element. */
  imagesWithoutAlt: string[];
  unnamedControls: string[];
  unnamedButtons: string[];
  unnamedLinks: string[];
  /** Links Lighthouse's link-text audit rejects ("click here", "more", …). */
  vagueLinks: string[];
  /** Anchors Lighthouse's crawlable-anchors audit rejects (an href that is no usable URL). */
  uncrawlableAnchors: string[];
  /** ids referenced by label[for] / aria-labelledby / aria-describedby that are not unique. */
  duplicateReferencedIds: string[];
  counts: { images: number; controls: number; buttons: number; links: number };
}

/** Lighthouse's link-text audit: descriptions that say nothing about the target (English list). */
export const VAGUE_LINK_TEXTS = [
  'click here',
  'click this',
  'go',
  'here',
  'information',
  'learn more',
  'more',
  'more info',
  'more information',
  'right here',
  'read more',
  'see more',
  'start',
  'this',
];

export const PAGE_FACTS_PROBE = `(() => {
  const VAGUE = ${JSON.stringify(VAGUE_LINK_TEXTS)};
  const hidden = (el) => {
    for (let e = el; e; e = e.parentElement) {
      if (e.getAttribute && e.getAttribute('aria-hidden') === 'true') return true;
      if (e.hidden || e.inert) return true;
      const style = getComputedStyle(e);
      if (style.display === 'none' || style.visibility === 'hidden') return true;
    }
    return false;
  };
  const describe = (el) => {
    const html = el.outerHTML.replace(/\\s+/g, ' ');
    return html.length > 160 ? html.slice(0, 160) + '…' : html;
  };
  const byIds = (ids) =>
    ids.split(/\\s+/).filter(Boolean).map((id) => document.getElementById(id)).filter(Boolean);
  // A simplified accessible name (accname 1.2): aria-labelledby, aria-label, then the host language's own
  // labelling (label elements, alt, value of input buttons), then content for roles that take it, then title.
  const textOf = (el) => {
    if (el.nodeType === Node.TEXT_NODE) return el.textContent;
    if (el.nodeType !== Node.ELEMENT_NODE) return '';
    if (el !== null && hidden(el)) return '';
    const label = el.getAttribute('aria-label');
    if (label && label.trim()) return label;
    if (el.tagName === 'IMG') return el.getAttribute('alt') || '';
    if (el.tagName.toLowerCase() === 'svg') {
      const title = el.querySelector('title');
      return title ? title.textContent : '';
    }
    return [...el.childNodes].map(textOf).join(' ');
  };
  const nameOf = (el) => {
    const labelledby = el.getAttribute('aria-labelledby');
    if (labelledby) {
      const text = byIds(labelledby).map((e) => e.textContent).join(' ').trim();
      if (text) return text;
    }
    const label = el.getAttribute('aria-label');
    if (label && label.trim()) return label.trim();
    const tag = el.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') {
      const type = (el.getAttribute('type') || '').toLowerCase();
      if (tag === 'INPUT' && ['submit', 'reset', 'button'].includes(type)) {
        return (el.value || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '')).trim();
      }
      if (tag === 'INPUT' && type === 'image') return (el.getAttribute('alt') || '').trim();
      const labels = el.labels ? [...el.labels] : [];
      const text = labels.map((l) => textOf(l)).join(' ').trim();
      if (text) return text;
    } else {
      const text = textOf(el).replace(/\\s+/g, ' ').trim();
      if (text) return text;
    }
    return (el.getAttribute('title') || '').trim();
  };
  const visible = (selector) => [...document.querySelectorAll(selector)].filter((el) => !hidden(el));

  const images = visible('img');
  const controls = visible('input:not([type=hidden]), select, textarea').filter(
    (el) => !['submit', 'reset', 'button', 'image'].includes((el.getAttribute('type') || '').toLowerCase()),
  );
  const buttons = visible('button, [role=button], input[type=submit], input[type=reset], input[type=button]');
  const links = visible('a[href], [role=link]');
  const anchors = visible('a');

  const referenced = new Set();
  const note = (id) => referenced.add(id);
  for (const el of document.querySelectorAll('label[for]')) note(el.getAttribute('for'));
  for (const el of document.querySelectorAll('[aria-labelledby], [aria-describedby], [aria-controls]')) {
    for (const attr of ['aria-labelledby', 'aria-describedby', 'aria-controls']) {
      for (const id of (el.getAttribute(attr) || '').split(/\\s+/).filter(Boolean)) note(id);
    }
  }
  const duplicateReferencedIds = [...referenced].filter(
    (id) => document.querySelectorAll('[id="' + CSS.escape(id) + '"]').length > 1,
  );

  const attrs = (selector, attr) =>
    [...document.querySelectorAll(selector)].map((el) => (el.getAttribute(attr) || '').trim());
  return {
    lang: document.documentElement.getAttribute('lang') || '',
    title: document.title,
    descriptions: attrs('meta[name="description"]', 'content'),
    canonicals: attrs('link[rel="canonical"]', 'href'),
    viewport: attrs('meta[name="viewport"]', 'content'),
    robots: attrs('meta[name="robots"]', 'content'),
    h1: visible('h1').map((h) => h.textContent.replace(/\\s+/g, ' ').trim()),
    mains: visible('main, [role=main]').length,
    imagesWithoutAlt: images
      .filter((img) => !img.hasAttribute('alt') && !['presentation', 'none'].includes(img.getAttribute('role')))
      .map(describe),
    unnamedControls: controls.filter((el) => !nameOf(el)).map(describe),
    unnamedButtons: buttons.filter((el) => !nameOf(el)).map(describe),
    unnamedLinks: links.filter((el) => !nameOf(el)).map(describe),
    // link-text: the visible text (innerText, aria-label is not considered) of links to other pages.
    vagueLinks: links
      .filter((el) => el.href && !(el.rel || '').includes('nofollow'))
      .filter((el) => el.href.split('#')[0] !== location.href.split('#')[0])
      .filter((el) => VAGUE.includes(el.innerText.replace(/\\s+/g, ' ').trim().toLowerCase()))
      .map(describe),
    // crawlable-anchors: anchors without a role or name whose href is a file: URL, javascript:void(0) or
    // not a URL at all.
    uncrawlableAnchors: anchors
      .filter((a) => !(a.getAttribute('role') || '').trim() && !(a.getAttribute('name') || '').trim())
      .filter((a) => a.hasAttribute('href'))
      .filter((a) => {
        const href = (a.getAttribute('href') || '').replace(/\\s/g, '');
        if (href.startsWith('mailto:')) return false;
        if (href.startsWith('file:') || /javascript:void(\\(|)0(\\)|)/.test(href)) return true;
        try {
          new URL(href, location.href);
          return false;
        } catch {
          return true;
        }
      })
      .map(describe),
    duplicateReferencedIds,
    counts: { images: images.length, controls: controls.length, buttons: buttons.length, links: links.length },
  };
})()`;
