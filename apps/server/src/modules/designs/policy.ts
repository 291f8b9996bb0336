import { type DOWNLOAD_TYPES, mayDownloadByRule } from '@ferry/shared';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../http/errors.js';
import type { ProjectAccess } from '../projects/policy.js';
import { isUuid } from '../teams/policy.js';
import { designs } from './tables.js';

export type DesignRow = typeof designs.$inferSelect;

/** Design-system projects hold design-system files, not designs (spec 001 §1). */
export function requireDesignProject(access: ProjectAccess) {
  if (access.project.type === 'dsm') throw fail('IMAGE_TYPE_ERROR');
}

/**
 * Designs of this project by id, live or in the recycle bin. An id that is not one of them (another
 * project's, another team's, made up) answers "the image has been deleted", the spec's word for a design
 * that is not there (10083).
 */
export async function designsOfProject(
  db: Db | Tx,
  projectId: string,
  ids: string[],
  state: 'live' | 'deleted',
): Promise<DesignRow[]> {
  const unique = [...new Set(ids)];
  if (!unique.every(isUuid)) throw fail('IMAGE_DELETED');
  const rows = await db
    .select()
    .from(designs)
    .where(
      and(
        eq(designs.projectId, projectId),
        inArray(designs.id, unique),
        state === 'live' ? isNull(designs.deletedAt) : isNotNull(designs.deletedAt),
      ),
    );
  if (rows.length !== unique.length) throw fail('IMAGE_DELETED');
  const byId = new Map(rows.map((row) => [row.id, row]));
  return unique.map((id) => byId.get(id) as DesignRow);
}

/** Which of these ids are live designs of the project (not in the bin, not elsewhere); never refuses. */
export async function liveDesignIds(db: Db | Tx, projectId: string, ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: designs.id })
    .from(designs)
    .where(and(eq(designs.projectId, projectId), inArray(designs.id, wanted), isNull(designs.deletedAt)));
  return rows.map((row) => row.id);
}

/**
 * Whether the caller may download original files, by the project's download setting: everyone who sees the
 * project (all), its members (members), the chosen people (specified), or nobody (none); its managers always.
 */
export function mayDownload(access: ProjectAccess, userId: string): boolean {
  return mayDownloadByRule({
    canManage: access.abilities.can_manage,
    downloadType: access.project.downloadType as (typeof DOWNLOAD_TYPES)[number],
    isProjectMember: access.projectRole !== null,
    isChosen: access.project.downloadUserIds.includes(userId),
  });
}

export function requireDownload(access: ProjectAccess, userId: string) {
  if (!mayDownload(access, userId)) throw fail('DOWNLOAD_NOT_ALLOWED');
}

/**
 * Designs copied or moved into another project take their original files along, where other rules let the
 * caller download them: leaving a project needs its download setting's consent. Within one project nothing
 * leaves.
 */
export function requireTakeOut(source: ProjectAccess, userId: string, targetProjectId: string) {
  if (source.project.id !== targetProjectId) requireDownload(source, userId);
}
