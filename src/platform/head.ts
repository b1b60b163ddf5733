// Applies SEO metadata (requirements §2 Page metadata, §3) to the document head: title, description,
// keywords, Open Graph and Twitter tags, the canonical link and the structured data.
import type { SeoMeta } from '../../domain/seo.ts';

export function setMeta(attr: 'name' | 'property', key: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!content) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

export function applyHead(meta: SeoMeta): void {
  if (typeof document === 'undefined') return;
  document.title = meta.metaTitle;
  setMeta('name', 'description', meta.metaDescription);
  setMeta('name', 'keywords', meta.metaKeywords);
  setMeta('property', 'og:title', meta.ogTitle || meta.metaTitle);
  setMeta('property', 'og:description', meta.ogDescription || meta.metaDescription);
  setMeta('property', 'og:image', meta.ogImage);
  setMeta('property', 'og:url', meta.canonicalUrl);
  setMeta('name', 'twitter:card', meta.twitterCard || 'summary_large_image');
  setMeta('name', 'twitter:title', meta.ogTitle || meta.metaTitle);
  setMeta('name', 'twitter:description', meta.ogDescription || meta.metaDescription);
  setMeta('name', 'twitter:image', meta.ogImage);

  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (meta.canonicalUrl) {
    if (!canonical) {
      canonical = document.createElement('link');
      canonical.rel = 'canonical';
      document.head.appendChild(canonical);
    }
    canonical.href = meta.canonicalUrl;
  } else canonical?.remove();

  let script = document.head.querySelector<HTMLScriptElement>('script[type="application/ld+json"]');
  if (meta.schemaJson) {
    if (!script) {
      script = document.createElement('script');
      script.type = 'application/ld+json';
      document.head.appendChild(script);
    }
    script.textContent = meta.schemaJson;
  } else script?.remove();
}
