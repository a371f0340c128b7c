// Content HTML (docs/decisions/0024): every article text and promo page body passes sanitize-html
// before it reaches a page, whatever wrote it (seed, import, a hand edit in the database). Only
// text formatting, links on http(s), mailto, tel or the store's own paths, and pictures survive:
// no script, style, iframe, event handlers or `javascript:` links.
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'code',
    'pre',
    'span',
  ],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'], th: ['scope'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A heading of level 1 belongs to the page: content starts at h2.
    h1: 'h2',
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', alt: attribs.alt ?? '' } }),
  },
};
OPTIONS.allowedAttributes = { ...OPTIONS.allowedAttributes, img: ['src', 'alt', 'width', 'height', 'loading'] };

export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Markdown (the import's files) to sanitised HTML. */
export function markdownToHtml(markdown: string): string {
  return sanitizeContentHtml(marked.parse(markdown, { async: false, gfm: true }));
}
