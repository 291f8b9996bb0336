import type { AxureSitemapNode } from '@ferry/shared';

/**
 * The Axure export's page tree, as its sitemap page posts it to us. The page runs the export's own scripts, so
 * whatever arrives is untrusted: only a plain tree of names and relative `.html` addresses within the export's
 * folder is kept, anything else refuses the whole message.
 */
export const SitemapLimits = {
  nameMaxLength: 200,
  urlMaxLength: 1000,
  maxDepth: 20,
  maxNodes: 5000,
} as const;

/** A tree node: a page (its `url`), or a folder of pages (`url` ''). */
export type SitemapNode = AxureSitemapNode;

/** A relative path inside the export ending in `.html`: no scheme, host, absolute path, `..`, query or escape. */
export function isSafePageUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.length === 0 || url.length > SitemapLimits.urlMaxLength) return false;
  if (!/\.html$/i.test(url)) return false;
  if (url.startsWith('/') || url.includes(':') || url.includes('\\')) return false;
  // Percent-escapes could spell `..` or `/` once the browser decodes them; query and fragment have no place.
  if (/[%?#]/.test(url)) return false;
  // Control characters and whitespace other than the plain space (Axure keeps spaces in page names).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\u0000-\u001f\u007f\u2028\u2029]/.test(url)) return false;
  return url.split('/').every((part) => part !== '..' && part !== '.' && part !== '');
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The `ferrySitemap` of a message, checked: an array of `{ pageName, url, children? }`, names at most 200
 * characters, at most 20 levels and 5,000 nodes. A folder (Axure's nodes without a page) has an empty or
 * missing `url` and must have children. Answers the tree with nothing but those fields, or null when any part
 * breaks a rule.
 */
export function validateSitemap(data: unknown): SitemapNode[] | null {
  let count = 0;
  const level = (nodes: unknown, depth: number): SitemapNode[] | null => {
    if (!Array.isArray(nodes) || depth > SitemapLimits.maxDepth) return null;
    const answer: SitemapNode[] = [];
    for (const node of nodes) {
      count += 1;
      if (count > SitemapLimits.maxNodes || !isPlainObject(node)) return null;
      const { pageName, url, children } = node;
      if (typeof pageName !== 'string' || pageName.length > SitemapLimits.nameMaxLength) return null;
      const folder = url === undefined || url === '';
      if (!folder && !isSafePageUrl(url)) return null;
      let kept: SitemapNode[] | undefined;
      if (children !== undefined) {
        const checked = level(children, depth + 1);
        if (!checked) return null;
        kept = checked;
      }
      if (folder && !kept?.length) return null;
      answer.push(
        kept?.length
          ? { pageName, url: folder ? '' : url, children: kept }
          : { pageName, url: url as string },
      );
    }
    return answer;
  };
  return level(data, 1);
}

/** The tree's pages (folders left out) in reading order: a page's place here is its number in the viewer. */
export function sitemapPages(nodes: readonly SitemapNode[]): SitemapNode[] {
  const pages: SitemapNode[] = [];
  const walk = (level: readonly SitemapNode[]) => {
    for (const node of level) {
      if (node.url) pages.push(node);
      if (node.children) walk(node.children);
    }
  };
  walk(nodes);
  return pages;
}
