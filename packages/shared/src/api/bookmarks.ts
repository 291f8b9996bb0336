import { z } from 'zod';
import { BookmarkLimits } from '../limits.js';
import { commaList, hasControlChar, pageNumberSchema, pageSizeSchema } from '../validation.js';

/** Project bookmarks: named links to web pages and files kept with a project (spec 001 §3, §7). */
const id = z.string().min(1);

export const BOOKMARK_TYPES = ['url', 'file'] as const;
export type BookmarkType = (typeof BOOKMARK_TYPES)[number];

/** A bookmark's name: trimmed, one line, 1 to 100 characters. */
export const bookmarkNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'name.required' })
  .max(BookmarkLimits.nameMaxLength, { message: 'bookmark.nameLength' })
  .refine((value) => !hasControlChar(value) && !/[\t\n\r]/.test(value), { message: 'text.control' });

/** The link's text; whether it is a web address is `isWebUrl`'s call (19100), not the schema's. */
const urlSchema = z.string().trim().max(BookmarkLimits.urlMaxLength, { message: 'bookmark.urlLength' });

/**
 * Only absolute http:// and https:// addresses: `javascript:`, `data:`, `ftp:` and relative ones are refused.
 * Whitespace and control characters are refused too, since the URL parser would drop them silently and the
 * address opened would differ from the one checked.
 */
export function isWebUrl(value: string): boolean {
  if (value === '' || /\s/.test(value) || hasControlChar(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** `GET project/bookmark`: page 1 of 9999999 (all) unless asked; `bookmark_types` filters (`url,file`). */
export const listBookmarksQuery = z.object({
  team_id: id.optional(),
  project_id: id,
  pageNo: pageNumberSchema.default(BookmarkLimits.pageNo),
  pageSize: pageSizeSchema(BookmarkLimits.pageSize),
  bookmark_types: commaList.pipe(z.array(z.enum(BOOKMARK_TYPES))).optional(),
});

export const createBookmarksBody = z.object({
  team_id: id.optional(),
  project_id: id,
  bookmarks: z
    .array(z.object({ name: bookmarkNameSchema, url: urlSchema }))
    .min(1)
    .max(BookmarkLimits.batchMax),
});

/** `PUT project/bookmark`: any of name, url (links only) and order (the 1-based place to move it to). */
export const updateBookmarkBody = z.object({
  team_id: id.optional(),
  project_id: id,
  bookmark_id: id,
  name: bookmarkNameSchema.optional(),
  url: urlSchema.optional(),
  order: z.coerce
    .number({ message: 'number.range' })
    .int({ message: 'number.range' })
    .min(1, { message: 'number.range' })
    .max(BookmarkLimits.perProject, { message: 'number.range' })
    .optional(),
});

/** `DELETE project/bookmark`: one `bookmark_id`, or `bookmarks` as `a,b` or a list. */
export const deleteBookmarksBody = z
  .object({
    team_id: id.optional(),
    project_id: id,
    bookmark_id: id.optional(),
    bookmarks: commaList.optional(),
  })
  .transform(({ bookmark_id, bookmarks, ...rest }) => ({
    ...rest,
    bookmarks: [...new Set([...(bookmark_id ? [bookmark_id] : []), ...(bookmarks ?? [])])],
  }))
  .pipe(
    z.object({
      team_id: id.optional(),
      project_id: id,
      bookmarks: z.array(id).min(1).max(BookmarkLimits.perProject),
    }),
  );

/** `POST project/bookmark/click`: the bookmark names its project; `project_id`, when given, must match. */
export const clickBookmarkBody = z.object({
  team_id: id.optional(),
  project_id: id.optional(),
  bookmark_id: id,
});

/** `GET project/bookmark/file`: the bookmark names its project; `project_id`, when given, must match. */
export const bookmarkFileQuery = z.object({
  team_id: id.optional(),
  project_id: id.optional(),
  bookmark_id: id,
});

/** The form fields sent before the file of `POST project/bookmark/file`; an empty name means the file's. */
export const bookmarkFileFields = z.object({
  team_id: id.optional(),
  project_id: id,
  name: z.preprocess((value) => (value === '' ? undefined : value), bookmarkNameSchema.optional()),
});

export interface BookmarkView {
  id: string;
  bookmark_id: string;
  project_id: string;
  name: string;
  type: BookmarkType;
  /** The link; '' for a file. */
  url: string;
  /** The uploaded file's name; '' for a link. */
  filename: string;
  /** The file's bytes; 0 for a link. */
  size: number;
  /** 1-based place in the project's list. */
  order: number;
  click_count: number;
  /** The user who added it; null once that account is gone. */
  created_by: string | null;
  create_time: string;
  update_time: string;
}

export interface BookmarkPage {
  bookmarks: BookmarkView[];
  total: number;
  has_next: boolean;
}
