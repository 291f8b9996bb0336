import type { SearchHit } from '@ferry/shared';
import { describe, expect, it } from 'vitest';
import { hitPath, searchPath, searchViewOf } from './paths';

const hit = (change: Partial<SearchHit>): SearchHit => ({
  kind: 'project',
  id: 'h1',
  title: 'Atlas',
  title_marks: [],
  matched: 'name',
  snippet: '',
  snippet_marks: [],
  team_id: 't1',
  project_id: 'p1',
  project_name: 'Atlas',
  design_id: null,
  layer_id: null,
  doc_id: null,
  version_id: null,
  page: null,
  thread_id: null,
  author: null,
  thumbnail: '',
  in_trash: false,
  updated_at: 0,
  ...change,
});

const queryOf = (path: string) => Object.fromEntries(new URLSearchParams(path.split('?')[1]));

describe('where a search hit opens', () => {
  it('a folder opens its project list, a section the stage scrolled to it', () => {
    expect(hitPath(hit({ kind: 'folder', id: 'f1', project_id: null }))).toBe('/item?fid=f1&tid=t1');
    expect(hitPath(hit({ kind: 'section', id: 's1' }))).toBe(
      '/item/project/stage?tid=t1&pid=p1&sector_id=s1',
    );
  });

  it('a design opens its detail view, with the matched text layer selected', () => {
    const path = hitPath(hit({ kind: 'image', id: 'd1', design_id: 'd1', layer_id: 'L7' }));
    expect(path.startsWith('/item/project/detailDetach?')).toBe(true);
    expect(queryOf(path)).toMatchObject({ image_id: 'd1', pid: 'p1', tid: 't1', layer_id: 'L7' });
    expect(queryOf(hitPath(hit({ kind: 'image', id: 'd1', design_id: 'd1' })))).not.toHaveProperty(
      'layer_id',
    );
  });

  it('a comment opens its design or its document page; a document opens at the page quoted', () => {
    const onDesign = hitPath(hit({ kind: 'comment', id: 'c1', design_id: 'd1' }));
    expect(queryOf(onDesign)).toMatchObject({ image_id: 'd1', comment_id: 'c1' });
    const reply = hitPath(hit({ kind: 'comment', id: 'r1', thread_id: 'c1', design_id: 'd1' }));
    expect(queryOf(reply)).toMatchObject({ image_id: 'd1', comment_id: 'c1' });
    const onDocument = hitPath(hit({ kind: 'comment', id: 'c2', doc_id: 'x1', version_id: 'v1', page: 3 }));
    expect(onDocument).toBe(
      '/item/project/product?tid=t1&pid=p1&docId=x1&versionId=v1&pageId=3&commentId=c2',
    );
    expect(hitPath(hit({ kind: 'product', id: 'x1', doc_id: 'x1', version_id: 'v1', page: 2 }))).toBe(
      '/item/project/product?tid=t1&pid=p1&docId=x1&versionId=v1&pageId=2',
    );
  });

  it('a design in the recycle bin opens the stage with its bin showing', () => {
    expect(hitPath(hit({ kind: 'image', id: 'd1', design_id: 'd1', in_trash: true }))).toBe(
      '/item/project/stage?tid=t1&pid=p1&bin=1',
    );
  });
});

describe('the results page address', () => {
  it('round-trips its state and leaves defaults out', () => {
    const view = { tid: 't1', keyword: 'a b', type: 'image', sort: 'name', page: 3, trash: true } as const;
    const path = searchPath(view);
    expect(searchViewOf(new URLSearchParams(path.split('?')[1]))).toEqual(view);
    expect(searchPath({ tid: 't1', keyword: 'x', type: 'all', sort: 'relevance', page: 1 })).toBe(
      '/item/search?tid=t1&keyword=x',
    );
  });

  it('falls back to the defaults for anything unknown', () => {
    const params = new URLSearchParams('keyword=x&type=bogus&sort=zz&page=-2');
    expect(searchViewOf(params, 'team')).toEqual({
      tid: 'team',
      keyword: 'x',
      type: 'all',
      sort: 'relevance',
      page: 1,
      trash: false,
    });
  });
});
