import type { LayersStatus } from '@ferry/shared';
import type { Db, Tx } from '../../db/client.js';
import { LAYERS_JOB } from '../../jobs/layers.js';
import { enqueue } from '../../jobs/queue.js';
import { VARIANTS_JOB } from '../../jobs/variants.js';
import { ownerOfKey } from '../uploads/policy.js';

/** File types whose layers Ferry imports for the inspect view; other designs are plain pictures. */
const LAYERED_TYPES = new Set(['psd', 'svg', 'sketch']);

export const layersStatusOf = (fileType: string): LayersStatus =>
  LAYERED_TYPES.has(fileType) ? 'processing' : 'none';

/**
 * Queues what a version still waits for (its variants, its layers), in the caller's transaction. Both jobs
 * work per uploaded file and are keyed by it, so the versions and copies of one file share one run.
 */
export async function queueFileWork(
  db: Db | Tx,
  queue: string,
  version: { fileKey: string; status: string; layersStatus: string },
) {
  const payload = { fileKey: version.fileKey };
  // The uploading team's turn: one team's batch of slow files never holds up another team's designs.
  const options = { dedupeKey: version.fileKey, team: ownerOfKey(version.fileKey)?.teamId };
  if (version.status === 'processing') await enqueue(db, queue, VARIANTS_JOB, payload, options);
  if (version.layersStatus === 'processing') await enqueue(db, queue, LAYERS_JOB, payload, options);
}
