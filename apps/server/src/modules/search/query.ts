import { type SearchKind, SearchLimits, type SearchMatch, type SearchSort } from '@ferry/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { likeEscape } from '../../db/like.js';
import type { LayerText } from './tables.js';

/**
 * The one query of global search: a branch per kind of hit over the folded, trigram-indexed columns
 * (migration 0019), all joined to the projects the caller may see, ranked together and cut to one page.
 * It reads the tables of several domains in one statement, as the project list does (a read module).
 */

/** Who is asking, and where they may look. */
export interface SearchScope {
  teamId: string;
  /** The caller, whose memberships open mode-B projects; null for a share link's visitor. */
  userId: string | null;
  /** The team's super admin sees every project (spec 000 §6). */
  seesEveryProject: boolean;
  projectId?: string;
  /** A share link's visitor: only these designs, and no other kind. */
  designIds?: string[];
  /** A share link fixed to one version of a design: that design is searched and shown as of that version. */
  pinned?: { designId: string; versionId: string };
  /** Designs in the recycle bin too (and comments on them). */
  trash: boolean;
  kinds: readonly SearchKind[];
}

export interface SearchPage {
  sort: SearchSort;
  /** Rows skipped, and rows wanted (one more than the page, to tell has_next). */
  offset: number;
  limit: number;
}

export interface SearchRow {
  kind: SearchKind;
  id: string;
  title: string;
  matched: SearchMatch;
  /** The text a snippet is cut from (a page, a comment), or null. */
  body: string | null;
  /** A design's text layers, when they matched. */
  layers: LayerText[] | null;
  project_id: string | null;
  project_name: string | null;
  design_id: string | null;
  doc_id: string | null;
  version_id: string | null;
  page: number | null;
  /** The thread a comment belongs to (itself for a first comment). */
  thread_id: string | null;
  author: string | null;
  thumb_key: string | null;
  in_trash: boolean;
  updated_at: Date | string;
}

/** The words of a keyword: a hit holds every one of them, in any order ("button login" finds "Login button"). */
export const MAX_WORDS = 8;

/** The patterns of a folded keyword: equal, starts with, contains it whole, contains each word; per line too. */
function patternsOf(word: string) {
  const escaped = likeEscape(word);
  const words = [...new Set(word.split(/\s+/).filter(Boolean))].slice(0, MAX_WORDS);
  return {
    word,
    prefix: `${escaped}%`,
    contains: `%${escaped}%`,
    words: words.map((each) => `%${likeEscape(each)}%`),
    lineEqual: `%\n${escaped}\n%`,
    lineStart: `%\n${escaped}%`,
  };
}
type Patterns = ReturnType<typeof patternsOf>;

/** The text holds every word of the keyword (one word: the keyword itself). */
const holds = (column: SQL, p: Patterns) =>
  sql.join(
    p.words.map((pattern) => sql`${column} like ${pattern}`),
    sql` and `,
  );
const lacks = (column: SQL, p: Patterns) => sql`not (${holds(column, p)})`;

/** 0 equal, 1 starts with, 2 contains the whole keyword, 3 its words apart: the first key of relevance. */
const tierOfName = (column: SQL, p: Patterns) =>
  sql`case when ${column} = ${p.word} then 0 when ${column} like ${p.prefix} then 1
    when ${column} like ${p.contains} then 2 else 3 end`;
const tierOfBody = (column: SQL, p: Patterns) =>
  sql`case when ${column} like ${p.lineEqual} then 0 when ${column} like ${p.lineStart} then 1
    when ${column} like ${p.contains} then 2 else 3 end`;
/** The share of the text the keyword covers: a short name that contains it ranks above a long one. */
const closeness = (column: SQL, p: Patterns) =>
  sql`(${p.word.length}::float8 / greatest(length(${column}), 1))`;

/**
 * "The row's project may be seen", as subqueries the planner sizes (a CTE's unknown size once led it to scan
 * the CTE for every row). For a member it is two hashed lists, the team's mode-A projects and their own
 * memberships, rather than a membership lookup per project.
 */
function seen(scope: SearchScope, column: SQL): SQL {
  const inScope = scope.projectId ? sql` and p.id = ${scope.projectId}` : sql``;
  const ofTeam = sql`select p.id from projects p where p.team_id = ${scope.teamId}${inScope}`;
  if (scope.seesEveryProject) return sql`${column} in (${ofTeam})`;
  if (scope.userId === null) return sql`false`;
  return sql`(${column} in (${ofTeam} and p.permission_mode = 'A')
    or ${column} in (select m.project_id from project_members m join projects p on p.id = m.project_id
      where m.user_id = ${scope.userId} and p.team_id = ${scope.teamId}${inScope}))`;
}

const liveDesign = (scope: SearchScope) => (scope.trash ? sql`true` : sql`d.deleted_at is null`);
const inLink = (scope: SearchScope) =>
  scope.designIds ? sql`d.id = any(${sql.param(scope.designIds)}::uuid[])` : sql`true`;

/*
 * Each branch gives the narrow columns of HIT_COLUMNS: only what ranks a hit and names it. The page's few rows
 * get their wide parts (text layers, comment text, covers, names) after the cut, in searchRows.
 */
function projectBranch(p: Patterns, scope: SearchScope) {
  return sql`select 'project', v.id, v.name, 'name', v.id, null::uuid, null::uuid, null::uuid, null::int,
      null::uuid, false, v.updated_at, ${tierOfName(sql`v.name_folded`, p)}, ${closeness(sql`v.name_folded`, p)}
    from projects v where ${seen(scope, sql`v.id`)} and ${holds(sql`v.name_folded`, p)}`;
}

function folderBranch(p: Patterns, scope: SearchScope) {
  return sql`select 'folder', f.id, f.name, 'name', null::uuid, null::uuid, null::uuid, null::uuid, null::int,
      null::uuid, false, f.created_at, ${tierOfName(sql`f.name_folded`, p)}, ${closeness(sql`f.name_folded`, p)}
    from folders f where f.team_id = ${scope.teamId} and ${holds(sql`f.name_folded`, p)}`;
}

function sectionBranch(p: Patterns, scope: SearchScope) {
  return sql`select 'section', s.id, s.name, 'name', s.project_id, null::uuid, null::uuid, null::uuid,
      null::int, null::uuid, false, s.updated_at, ${tierOfName(sql`s.name_folded`, p)},
      ${closeness(sql`s.name_folded`, p)}
    from sectors s where ${seen(scope, sql`s.project_id`)} and ${holds(sql`s.name_folded`, p)}`;
}

/**
 * The kinds that can run to hundreds of thousands of rows (designs, their text layers, comments) rank only
 * their newest matches, and for names also those equal to or starting with the keyword: a keyword found on
 * half of a huge team's designs is answered from an index walk that stops early, not by ranking every hit.
 */
const CAP = SearchLimits.candidatesPerKind;
const TEXT_CAP = CAP * 2;

/** A share link's or one project's search reads only their designs' bodies, before any cap. */
function linkBodies(scope: SearchScope): SQL {
  if (scope.designIds)
    return sql` and variant_dir in (select variant_dir from design_versions
      where design_id = any(${sql.param(scope.designIds)}::uuid[]))`;
  if (scope.projectId)
    return sql` and variant_dir in (select dv.variant_dir from design_versions dv
      join designs d on d.id = dv.design_id where d.project_id = ${scope.projectId})`;
  return sql``;
}

/** The version a design is searched in: the current one, or the one a share link is fixed to. */
const versionOf = (scope: SearchScope) =>
  scope.pinned
    ? sql`(case when d.id = ${scope.pinned.designId}::uuid then ${scope.pinned.versionId}::uuid
        else d.current_version_id end)`
    : sql`d.current_version_id`;

/** Designs by name, and by their version's text layers (a design found by both counts once). */
function designBranches(p: Patterns, scope: SearchScope) {
  const version = versionOf(scope);
  const where = sql`${seen(scope, sql`d.project_id`)} and ${liveDesign(scope)} and ${inLink(scope)}`;
  const byName = sql`select 'image', d.id, d.name, 'name', d.project_id, d.id, null::uuid, ${version},
      null::int, null::uuid, d.deleted_at is not null, d.updated_at, ${tierOfName(sql`d.name_folded`, p)},
      ${closeness(sql`d.name_folded`, p)}
    from designs d where ${where}`;
  // The newest matches, and every name equal to or starting with the keyword however old (both capped).
  const recentNames = sql`(${byName} and ${holds(sql`d.name_folded`, p)} order by d.updated_at desc limit ${CAP})`;
  const namesStarting = sql`(${byName} and d.name_folded like ${p.prefix} order by d.name_folded limit ${CAP})`;
  // Text bodies carry no project, so the newest matching bodies come first (an index walk that stops early),
  // then their designs are checked; TEXT_CAP leaves room for bodies of old versions and hidden projects.
  const bodies = sql`select variant_dir, body_folded, updated_at from layer_texts
    where ${holds(sql`body_folded`, p)}${linkBodies(scope)} order by updated_at desc limit ${TEXT_CAP}`;
  // Each body's designs are looked up by index: `offset 0` keeps the lateral from being flattened into a join,
  // which the planner, misjudging how many bodies match, once answered by hashing every design.
  const byText = sql`(select 'image', x.id, x.name, 'text', x.project_id, x.id, null::uuid, x.version_id, null::int,
      null::uuid, x.in_trash, x.updated_at, ${tierOfBody(sql`t.body_folded`, p)}, ${closeness(sql`t.body_folded`, p)}
    from (${bodies}) t cross join lateral (
      select d.id, d.name, d.project_id, dv.id as version_id, d.deleted_at is not null as in_trash, d.updated_at
      from design_versions dv join designs d on d.id = dv.design_id and dv.id = ${version}
      where dv.variant_dir = t.variant_dir and ${lacks(sql`d.name_folded`, p)} and ${where} offset 0) x
    order by t.updated_at desc limit ${CAP})`;
  return [recentNames, namesStarting, byText];
}

/** The newest ready version of a document: the one its page text is searched in. */
const newestReady = sql`(select id from document_versions where document_id = doc.id and status = 'ready'
  order by number desc limit 1)`;

/** Documents by name, and by the page text of their newest ready version (the first page that has it). */
function documentBranches(p: Patterns, scope: SearchScope) {
  const byName = sql`select 'product', doc.id, doc.name, 'name', doc.project_id, null::uuid, doc.id,
      ${newestReady}, null::int, null::uuid, false, doc.updated_at, ${tierOfName(sql`doc.name_folded`, p)},
      ${closeness(sql`doc.name_folded`, p)}
    from documents doc where ${seen(scope, sql`doc.project_id`)} and ${holds(sql`doc.name_folded`, p)}`;
  const byPage = sql`select distinct on (doc.id) 'product', doc.id, doc.name, 'page', doc.project_id,
      null::uuid, doc.id, pg.version_id, pg.page, null::uuid, false, doc.updated_at,
      ${tierOfName(sql`pg.text_folded`, p)}, ${closeness(sql`pg.text_folded`, p)}
    from documents doc join document_pages pg on pg.version_id = ${newestReady}
    where ${seen(scope, sql`doc.project_id`)} and ${holds(sql`pg.text_folded`, p)}
      and ${lacks(sql`doc.name_folded`, p)}
    order by doc.id, pg.page`;
  return [byName, sql`select * from (${byPage}) pages`];
}

/** The team's people whose name matches: a comment's author is searched by name. */
const authorsLike = (p: Patterns, scope: SearchScope) =>
  sql`(select tm.user_id from team_members tm join users u on u.id = tm.user_id
    where tm.team_id = ${scope.teamId} and ${holds(sql`search_fold(u.name)`, p)})`;

/** Comments on designs and on documents, by their text or their author; deleted ones never. */
function commentBranches(p: Patterns, scope: SearchScope) {
  const matchedBy = (content: SQL) => sql`case when ${holds(content, p)} then 'content' else 'author' end`;
  const onDesigns = sql`select 'comment', c.id, d.name, ${matchedBy(sql`c.content_folded`)}, c.project_id, d.id,
      null::uuid, c.version_id, null::int, coalesce(c.parent_id, c.id), d.deleted_at is not null, c.updated_at,
      ${tierOfName(sql`c.content_folded`, p)}, ${closeness(sql`c.content_folded`, p)}
    from comments c cross join lateral (select d.id, d.name, d.deleted_at from designs d
      where d.id = c.design_id and ${liveDesign(scope)} offset 0) d
    where ${seen(scope, sql`c.project_id`)} and c.deleted_at is null
      and (${holds(sql`c.content_folded`, p)} or c.author_id in ${authorsLike(p, scope)}
        or ${holds(sql`search_fold(c.guest_name)`, p)})
    order by c.updated_at desc limit ${CAP}`;
  const onDocuments = sql`select 'comment', c.id, doc.name, ${matchedBy(sql`c.content_folded`)}, c.project_id,
      null::uuid, doc.id, c.version_id, c.page, coalesce(c.parent_id, c.id), false, c.updated_at,
      ${tierOfName(sql`c.content_folded`, p)}, ${closeness(sql`c.content_folded`, p)}
    from document_comments c join documents doc on doc.id = c.document_id
    where ${seen(scope, sql`c.project_id`)} and c.deleted_at is null
      and (${holds(sql`c.content_folded`, p)} or c.author_id in ${authorsLike(p, scope)})`;
  return [sql`(${onDesigns})`, onDocuments];
}

function branchesOf(p: Patterns, scope: SearchScope): SQL[] {
  const wanted = new Set(scope.kinds);
  // A share link's visitor searches the link's designs and nothing else.
  if (scope.designIds) return wanted.has('image') ? designBranches(p, scope) : [];
  const branches: SQL[] = [];
  if (wanted.has('project')) branches.push(projectBranch(p, scope));
  if (wanted.has('folder') && !scope.projectId) branches.push(folderBranch(p, scope));
  if (wanted.has('section')) branches.push(sectionBranch(p, scope));
  if (wanted.has('image')) branches.push(...designBranches(p, scope));
  if (wanted.has('product')) branches.push(...documentBranches(p, scope));
  if (wanted.has('comment')) branches.push(...commentBranches(p, scope));
  return branches;
}

/** The columns every branch gives, in order (a union names them after its first branch, which varies). */
const HIT_COLUMNS = `kind, id, title, matched, project_id, design_id, doc_id, version_id, page, thread_id,
  in_trash, updated_at, tier, closeness`;

function orderOf(sort: SearchSort): SQL {
  if (sort === 'recent') return sql`updated_at desc, id`;
  // Folded, so the order is A to Z whatever the case, accents or the database's collation (PGlite's is C).
  if (sort === 'name') return sql`search_fold(title), title, updated_at desc, id`;
  return sql`tier, closeness desc, updated_at desc, id`;
}

/** What `execute` answers on both engines (node-postgres and PGlite alike carry `rows`). */
type Rows<T> = { rows: T[] };

/** The keyword as the folded columns hold text, folded by the database's own `search_fold`. */
export async function foldKeyword(db: Db, keyword: string): Promise<string> {
  const { rows } = (await db.execute(sql`select search_fold(${keyword}) as word`)) as unknown as Rows<{
    word: string;
  }>;
  return rows[0]?.word ?? '';
}

/** One page of hits, ranked; `limit` rows at most. */
export async function searchRows(
  db: Db,
  scope: SearchScope,
  keyword: string,
  page: SearchPage,
): Promise<SearchRow[]> {
  const word = await foldKeyword(db, keyword);
  if (!word) return [];
  const branches = branchesOf(patternsOf(word), scope);
  if (branches.length === 0) return [];
  const order = orderOf(page.sort);
  // Rank narrow rows, cut the page, then fetch the wide parts of those rows only.
  const result =
    (await db.execute(sql`with found as (select * from (${sql.join(branches, sql` union all `)}) as found(${sql.raw(HIT_COLUMNS)})),
    hits as (select * from (select distinct on (kind, id) * from found order by kind, id, tier) as once
      order by ${order} limit ${page.limit} offset ${page.offset})
    select hits.*, v.name as project_name,
      case when hits.kind = 'project' then nullif(v.cover_key, '') else dv.variants->'cover'->>'key' end as thumb_key,
      t.layers, coalesce(c.content, dc.content, pg.text) as body, coalesce(u.name, c.guest_name) as author
    from hits left join projects v on v.id = hits.project_id
    left join design_versions dv on hits.kind = 'image' and dv.id = hits.version_id
    left join layer_texts t on hits.matched = 'text' and t.variant_dir = dv.variant_dir
    left join comments c on hits.kind = 'comment' and hits.design_id is not null and c.id = hits.id
    left join document_comments dc on hits.kind = 'comment' and hits.doc_id is not null and dc.id = hits.id
    left join document_pages pg on hits.matched = 'page' and pg.version_id = hits.version_id and pg.page = hits.page
    left join users u on u.id = coalesce(c.author_id, dc.author_id)
    order by ${order}`)) as unknown as Rows<SearchRow>;
  return result.rows;
}

/** The cover of each project's newest ready design: a project hit's picture when it has no cover of its own. */
export async function latestDesignCovers(db: Db, projectIds: string[]): Promise<Map<string, string>> {
  if (projectIds.length === 0) return new Map();
  const { rows } =
    (await db.execute(sql`select distinct on (d.project_id) d.project_id, dv.variants->'cover'->>'key' as key
    from designs d join design_versions dv on dv.id = d.current_version_id
    where d.project_id = any(${sql.param(projectIds)}::uuid[]) and d.deleted_at is null and dv.status = 'ready'
    order by d.project_id, d.created_at desc`)) as unknown as Rows<{
      project_id: string;
      key: string | null;
    }>;
  return new Map(rows.filter((row) => row.key).map((row) => [row.project_id, row.key as string]));
}
