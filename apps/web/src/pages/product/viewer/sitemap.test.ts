import { describe, expect, it } from 'vitest';
import { isSafePageUrl, SitemapLimits, sitemapPages, validateSitemap } from './sitemap';

const page = (pageName: string, url: string, children?: unknown[]) =>
  children ? { pageName, url, children } : { pageName, url };

/** A chain of `depth` nested pages. */
function chain(depth: number): unknown[] {
  let nodes: unknown[] = [page(`p${depth}`, `p${depth}.html`)];
  for (let level = depth - 1; level >= 1; level--) nodes = [page(`p${level}`, `p${level}.html`, nodes)];
  return nodes;
}

describe('the Axure sitemap check', () => {
  it('keeps a tree of pages and folders, with nothing but names, addresses and children', () => {
    const tree = validateSitemap([
      { pageName: 'Home', url: 'home.html', type: 'Wireframe', id: 'x', onload: 'alert(1)' },
      {
        pageName: 'Shop',
        type: 'Folder',
        url: '',
        children: [
          page('Cart', 'cart.html'),
          page('Pay page', 'shop/pay page.html', [page('Done', 'done.html')]),
        ],
      },
    ]);
    expect(tree).toEqual([
      { pageName: 'Home', url: 'home.html' },
      {
        pageName: 'Shop',
        url: '',
        children: [
          { pageName: 'Cart', url: 'cart.html' },
          {
            pageName: 'Pay page',
            url: 'shop/pay page.html',
            children: [{ pageName: 'Done', url: 'done.html' }],
          },
        ],
      },
    ]);
    expect(sitemapPages(tree ?? []).map((node) => node.url)).toEqual([
      'home.html',
      'cart.html',
      'shop/pay page.html',
      'done.html',
    ]);
    expect(validateSitemap([])).toEqual([]);
  });

  it('refuses addresses that leave the export or are no page', () => {
    for (const url of [
      '../secret.html',
      'a/../../b.html',
      './a.html',
      'a//b.html',
      '/etc/passwd.html',
      'javascript:alert(1).html',
      'https://evil.example/x.html',
      '//evil.example/x.html',
      'a\\..\\b.html',
      '%2e%2e/x.html',
      'x.html?y=1.html',
      'x.html#.html',
      'x.js',
      'x.html.js',
      'a\nb.html',
      'a\u0000.html',
      '',
      `${'x'.repeat(SitemapLimits.urlMaxLength)}.html`,
    ]) {
      expect(isSafePageUrl(url), url).toBe(false);
      expect(validateSitemap([page('A', url)]), url).toBeNull();
    }
    expect(isSafePageUrl('Page 1.HTML')).toBe(true);
    expect(isSafePageUrl(42)).toBe(false);
  });

  it('refuses the whole message when any node breaks a rule', () => {
    const hostile: unknown[] = [
      null,
      undefined,
      'home.html',
      { ferrySitemap: [] },
      { 0: page('A', 'a.html'), length: 1 },
      [null],
      [[page('A', 'a.html')]],
      [{ url: 'a.html' }],
      [{ pageName: 7, url: 'a.html' }],
      [{ pageName: 'A', url: 7 }],
      [{ pageName: 'x'.repeat(SitemapLimits.nameMaxLength + 1), url: 'a.html' }],
      [page('A', 'a.html', [page('B', '../b.html')])],
      [{ pageName: 'A', url: 'a.html', children: 'b.html' }],
      [{ pageName: 'A', url: 'a.html', children: { 0: page('B', 'b.html') } }],
      // A folder with no page under it.
      [{ pageName: 'Empty', url: '' }],
      [{ pageName: 'Empty', children: [] }],
    ];
    for (const data of hostile) expect(validateSitemap(data), JSON.stringify(data)).toBeNull();
    expect(validateSitemap([page('x'.repeat(SitemapLimits.nameMaxLength), 'a.html')])).not.toBeNull();
  });

  it('refuses trees deeper than 20 levels or larger than 5,000 nodes', () => {
    expect(validateSitemap(chain(SitemapLimits.maxDepth))).not.toBeNull();
    expect(validateSitemap(chain(SitemapLimits.maxDepth + 1))).toBeNull();
    // A very deep message stops at the limit instead of walking (and overflowing) the stack.
    expect(validateSitemap(chain(50_000))).toBeNull();

    const many = (count: number) =>
      Array.from({ length: count }, (_, index) => page(`P${index}`, `p${index}.html`));
    expect(validateSitemap(many(SitemapLimits.maxNodes))).toHaveLength(SitemapLimits.maxNodes);
    expect(validateSitemap(many(SitemapLimits.maxNodes + 1))).toBeNull();
    // Nodes count at every level.
    expect(validateSitemap([page('Top', 'top.html', many(SitemapLimits.maxNodes))])).toBeNull();
  });
});
