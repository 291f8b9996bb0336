import { z } from 'zod';
import { DocumentLimits } from '../limits.js';
import { hasControlChar } from '../validation.js';

/**
 * Product documents (spec 001 §3, §7): PDF, Word, Excel, PowerPoint and Axure exports of a project, in groups,
 * each with versions. Office files are converted to PDF; a PDF's pages are drawn at two widths with their text.
 */
const id = z.string().min(1).max(64);

export const DOCUMENT_KINDS = ['pdf', 'word', 'excel', 'ppt', 'axure'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * processing: converting in the job queue; ready: pages drawn (or the Axure export unpacked); failed: see
 * `fail_code`; unavailable: an Office file on a server without LibreOffice (download only, never an error).
 */
export const DOCUMENT_STATES = ['processing', 'ready', 'failed', 'unavailable'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

/** Group names are checked by the service, so each fault answers its own code (10193, 10194, 10195). */
const groupName = z.string().max(1000);

/** A document's name: one line, 1 to 100 characters (the file name without its extension by default). */
export const documentNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'name.required' })
  .max(DocumentLimits.nameMaxLength, { message: 'document.nameLength' })
  .refine((value) => !hasControlChar(value) && !/[\t\n\r]/.test(value), { message: 'text.control' });

const projectScope = { team_id: id.optional(), project_id: id };

/** `GET project/product_documents`: the project's groups with their documents, and the ungrouped ones. */
export const listDocumentsQuery = z.object(projectScope);

/** `POST project/product_document_group`. */
export const createDocumentGroupBody = z.object({ ...projectScope, name: groupName });
/** `PUT project/product_document_group`: a new name, and/or `order`, the 1-based place to move it to. */
export const updateDocumentGroupBody = z.object({
  ...projectScope,
  group_id: id,
  name: groupName.optional(),
  order: z.coerce.number().int().min(1).max(DocumentLimits.groupsPerProject).optional(),
});
/** `DELETE project/product_document_group`: its documents become ungrouped; nothing is deleted. */
export const deleteDocumentGroupBody = z.object({ ...projectScope, group_id: id });

/** A resource of a group: only `document` is one today; any other type answers 10197. */
const resource = z.object({ id, type: z.string().max(32) });
/**
 * `POST project/product_group/source`: moves the resources into the group (`group_id` '' = ungrouped), after
 * its last one. `PUT`: the same, then the group's order is the listed resources first, the rest after them.
 * At most 100 per call (10198).
 */
export const groupSourcesBody = z.object({
  ...projectScope,
  group_id: z.string().max(64),
  resources: z.array(resource).min(1).max(10_000),
});

/**
 * `POST project/doc`: registers an uploaded file (its storage `key`, from the signed upload path) as a
 * document, or as a new version of the project's document of the same name.
 */
export const registerDocumentBody = z.object({
  ...projectScope,
  key: z.string().min(1).max(512),
  /** Defaults to the uploaded file's name without its extension. */
  name: documentNameSchema.optional(),
  group_id: id.optional(),
});

/** `GET project/doc`: one document, a version of it (the latest by default), its pages. */
export const documentQuery = z.object({ ...projectScope, doc_id: id, version_id: id.optional() });

/** `PUT project/doc`: rename. */
export const renameDocumentBody = z.object({ ...projectScope, doc_id: id, name: documentNameSchema });

/** `DELETE project/doc`: one version (the only one takes the document with it), or the whole document. */
export const deleteDocumentBody = z.object({ ...projectScope, doc_id: id, version_id: id.optional() });

/** `GET project/project_product_search`: documents by name and by the text of their pages. */
export const documentSearchQuery = z.object({
  ...projectScope,
  keyword: z.string().trim().min(1, { message: 'keyword.required' }).max(DocumentLimits.searchKeywordMax),
});

export interface DocumentPerson {
  id: string;
  name: string;
}

export interface DocumentSummary {
  id: string;
  name: string;
  kind: DocumentKind;
  group_id: string | null;
  /** 1…n within its group (or among the ungrouped). */
  order: number;
  version_id: string;
  /** 1…n */
  version: number;
  status: DocumentState;
  fail_code: string | null;
  /** In the caller's language. */
  fail_message: string | null;
  page_count: number | null;
  size: number;
  /** The first page at the thumbnail width, once drawn. */
  thumbnail_url: string | null;
  create_time: string;
  update_time: string;
  creator: DocumentPerson;
}

export interface DocumentGroupView {
  group_id: string;
  name: string;
  order: number;
  resources: DocumentSummary[];
}

export interface DocumentListAnswer {
  groups: DocumentGroupView[];
  ungrouped: DocumentSummary[];
}

export interface DocumentVersionView {
  id: string;
  version: number;
  status: DocumentState;
  fail_code: string | null;
  size: number;
  create_time: string;
  creator: DocumentPerson;
}

export interface DocumentPageView {
  /** 1-based */
  page: number;
  /** The page's size in PDF points. */
  width: number;
  height: number;
  thumb_url: string;
  image_url: string;
  /** JSON `DocumentPageText`. */
  text_url: string;
}

/** A page's text as laid out: each run's box in fractions of the page (0…1, y from the top). */
export interface DocumentPageText {
  items: { str: string; x: number; y: number; w: number; h: number }[];
}

export interface AxureSitemapNode {
  pageName: string;
  /** Relative to `base_url`, e.g. `home.html`. */
  url: string;
  children?: AxureSitemapNode[];
}

export interface DocumentDetail {
  document: DocumentSummary;
  versions: DocumentVersionView[];
  /** The version shown (the asked one, else the latest). */
  version_id: string;
  /** The pages drawn so far (all once ready); none for Axure exports. */
  pages: DocumentPageView[];
  /** The original file as an attachment; null when the project's download rule refuses it. */
  download_url: string | null;
  /**
   * An Axure export: `base_url` is a sandboxed, time-limited folder address ending in `/`, served with
   * `Content-Security-Policy: sandbox allow-scripts` so its scripts never run with this site's origin.
   * `sitemap_url` is a page of that folder that loads the export's own `data/document.js` and posts
   * `{ ferrySitemap: AxureSitemapNode[] }` to its parent window.
   */
  axure: { base_url: string; sitemap_url: string; start_url: string } | null;
}

export interface DocumentSearchHit {
  doc_id: string;
  name: string;
  kind: DocumentKind;
  version_id: string;
  name_match: boolean;
  /** At most 5, first pages first; the snippet is the text around the keyword. */
  matches: { page: number; snippet: string }[];
}

export interface DocumentSearchAnswer {
  list: DocumentSearchHit[];
}
