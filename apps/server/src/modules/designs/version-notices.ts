import { diffLayerDocs, type LayerDiffSummary, type LayerDoc } from '@ferry/shared';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { projectAccessFor } from '../projects/policy.js';
import { comparableLayerDoc } from './compare.js';
import { inspectorsBefore } from './inspections.js';
import { designs, designVersions } from './tables.js';

/**
 * A new version's notice (`updateImageVersion`): when its layers are ready, the people who inspected an earlier
 * version of the design (still able to see it; not its uploader) hear what changed since the version before it.
 * The diff is computed once per new version, before the layers job's transaction; the notice is recorded in it.
 */
export interface PreparedVersionNotice {
  teamId: string;
  projectId: string;
  design: { id: string; name: string };
  uploaderId: string;
  fromVersionId: string;
  toVersionId: string;
  summary: LayerDiffSummary | null;
  recipients: string[];
}

/** Of these people, those who may still see the project (a refusal leaves them out), and its team. */
async function stillSeeing(ctx: AppContext, projectId: string, userIds: string[]) {
  let teamId = '';
  const seeing: string[] = [];
  for (const userId of userIds) {
    const access = await projectAccessFor(ctx.db, userId, undefined, projectId, 'view').catch(() => null);
    if (!access) continue;
    teamId = access.project.teamId;
    seeing.push(userId);
  }
  return { teamId, seeing };
}

/**
 * The notices the versions of a variant folder still waiting for their layers will cause once `doc` (their
 * new LayerDoc) is stored; nothing is read or compared for a design nobody inspected before.
 */
export async function prepareVersionNotices(
  ctx: AppContext,
  variantDir: string,
  doc: LayerDoc,
): Promise<PreparedVersionNotice[]> {
  const waiting = await ctx.db
    .select({ version: designVersions, design: designs })
    .from(designVersions)
    .innerJoin(designs, eq(designs.id, designVersions.designId))
    .where(
      and(
        eq(designVersions.variantDir, variantDir),
        eq(designVersions.layersStatus, 'processing'),
        isNull(designs.deletedAt),
      ),
    );
  const prepared: PreparedVersionNotice[] = [];
  for (const { version, design } of waiting) {
    const inspectors = await inspectorsBefore(ctx.db, design.id, version.number, version.uploadedBy);
    if (inspectors.length === 0) continue;
    const { teamId, seeing } = await stillSeeing(ctx, design.projectId, inspectors);
    if (seeing.length === 0) continue;
    const [previous] = await ctx.db
      .select()
      .from(designVersions)
      .where(and(eq(designVersions.designId, design.id), lt(designVersions.number, version.number)))
      .orderBy(desc(designVersions.number))
      .limit(1);
    if (!previous) continue;
    // An earlier version without comparable layers still gets its notice, without the counts.
    const before = await comparableLayerDoc(ctx, previous).catch(() => null);
    prepared.push({
      teamId,
      projectId: design.projectId,
      design: { id: design.id, name: design.name },
      uploaderId: version.uploadedBy ?? '',
      fromVersionId: previous.id,
      toVersionId: version.id,
      summary: before ? diffLayerDocs(before, doc).summary : null,
      recipients: seeing,
    });
  }
  return prepared;
}

/**
 * Records the prepared notices of the versions this transaction has just made ready (`readiedIds`: the ones
 * still waiting when it locked them), so a second run of the job, which finds them ready, tells nobody again.
 */
export async function recordVersionNotices(
  ctx: AppContext,
  tx: Tx,
  prepared: PreparedVersionNotice[],
  readiedIds: Set<string>,
) {
  for (const notice of prepared) {
    if (!readiedIds.has(notice.toVersionId)) continue;
    await ctx.notices.designVersionChanged(tx, {
      actorId: notice.uploaderId,
      teamId: notice.teamId,
      projectId: notice.projectId,
      design: notice.design,
      fromVersionId: notice.fromVersionId,
      toVersionId: notice.toVersionId,
      summary: notice.summary,
      recipients: notice.recipients,
    });
  }
}

/** The versions of a folder still waiting for their layers, locked until the transaction ends. */
export async function lockWaitingVersions(tx: Tx, variantDir: string): Promise<Set<string>> {
  const rows = await tx
    .select({ id: designVersions.id })
    .from(designVersions)
    .where(and(eq(designVersions.variantDir, variantDir), eq(designVersions.layersStatus, 'processing')))
    .for('update');
  return new Set(rows.map((row) => row.id));
}
