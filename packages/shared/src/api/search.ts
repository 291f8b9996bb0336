import { z } from 'zod';
import { SearchLimits } from '../limits.js';
import { pageNumberSchema, pageSizeSchema, textSchema } from '../validation.js';

/**
 * Global search (spec 001 §7 "Search"): one keyword over a team's projects, folders, sections, designs (by
 * name, by section, and by the text layers inside them), product documents (name and page text) and
 * comments (text and author), strictly within what the caller may see.
 */
const id = z.string().min(1).max(64);

/** What a hit is. `image` is a design (the spec's word), `product` a product document. */
export const SEARCH_KINDS = ['project', 'folder', 'section', 'image', 'product', 'comment'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The `type` filter: every kind, or one. */
export const SEARCH_TYPES = ['all', ...SEARCH_KINDS] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** relevance: exact, then prefix, then closeness, then newest; recent: newest first; name: A to Z. */
export const SEARCH_SORTS = ['relevance', 'recent', 'name'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Where the keyword was found in a hit. */
export const SEARCH_MATCHES = ['name', 'section', 'text', 'page', 'content', 'author'] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

export const searchKeywordSchema = textSchema
  .trim()
  .min(1, { message: 'keyword.required' })
  .max(SearchLimits.keywordMaxLength, { message: 'keyword.length' });

const flag = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .transform((value) => value === true || value === 'true' || value === '1' || value === 1);

/**
 * `GET global/search`. `trash` 1 also finds designs in the recycle bin (marked `in_trash`); `project_id`
 * keeps to one project. A share link's visitor may call it too: only designs of the link's scope answer.
 */
export const globalSearchQuery = z.object({
  team_id: id,
  // A missing keyword reads as an empty one: "enter a keyword", not a type error.
  keyword: z.preprocess((value) => value ?? '', searchKeywordSchema),
  type: z.enum(SEARCH_TYPES).default('all'),
  sort: z.enum(SEARCH_SORTS).default('relevance'),
  pageNo: pageNumberSchema,
  // Any size from 1 is taken (lists of the spec ask for 9999999 meaning "all"); a page holds at most 50.
  pageSize: pageSizeSchema(SearchLimits.pageSize).transform((size) =>
    Math.min(size, SearchLimits.pageSizeMax),
  ),
  trash: flag,
  project_id: id.optional(),
});
export type GlobalSearchQuery = z.input<typeof globalSearchQuery>;

/** A part of a text to highlight: [start, end) in UTF-16 code units of that text. */
export type SearchMark = [number, number];

export interface SearchHit {
  kind: SearchKind;
  /** The hit's own id: project, folder, section, design, document or comment. */
  id: string;
  /** The name shown (a comment's hit shows its design's or document's name). */
  title: string;
  title_marks: SearchMark[];
  matched: SearchMatch;
  /** The text around the match when it is not in the title (a text layer, a page, a comment); else ''. */
  snippet: string;
  snippet_marks: SearchMark[];
  team_id: string;
  /** The project it lives in (null for folders). */
  project_id: string | null;
  project_name: string | null;
  /** A design, or the design a comment or text layer is on. */
  design_id: string | null;
  /** The text layer that matched, to select when the design opens. */
  layer_id: string | null;
  /** A product document, the version and the 1-based page quoted, or the document a comment is on. */
  doc_id: string | null;
  version_id: string | null;
  page: number | null;
  /** A comment's thread (its first comment), to open it at. */
  thread_id: string | null;
  /** The comment's author (a member's name or a guest's). */
  author: string | null;
  /** A signed thumbnail URL (designs, projects with a cover), or ''. */
  thumbnail: string;
  /** A design in the recycle bin (only when `trash` was asked). */
  in_trash: boolean;
  /** Last change, ms since the epoch. */
  updated_at: number;
}

export interface GlobalSearchAnswer {
  list: SearchHit[];
  has_next: boolean;
  pageNo: number;
  pageSize: number;
}
