import { z } from 'zod';
import type { Lang } from '../codes.js';
import type { LayerDiff } from '../compare/types.js';

/** Comparing two versions of a design, and the version each person last inspected (docs/api.md). */
const id = z.string().min(1);

/** `POST project/image/inspected`: the version of the design the caller has just inspected. */
export const inspectedBody = z.object({ team_id: id, image_id: id, version_id: id });

/** `GET project/image/compare`: both versions optional (the server's defaults: see docs/api.md). */
export const compareQuery = z.object({
  team_id: id,
  image_id: id,
  from_version_id: id.optional(),
  to_version_id: id.optional(),
});

/** One version of a comparison: its picture and LayerDoc, signed as `GET project/image` signs them. */
export interface CompareSide {
  version_id: string;
  /** 1 = the first upload. */
  version_number: number;
  created_at: string;
  width: number;
  height: number;
  image_url: string;
  json_url: string;
}

export interface DesignComparison {
  image_id: string;
  from: CompareSide;
  to: CompareSide;
  diff: LayerDiff;
  /** "3 texts, 1 colour changed", in both languages. */
  summary: Record<Lang, string>;
}

/** What the stage list and the detail add to each design about the caller's last inspection. */
export interface InspectionMark {
  /** The version the caller last inspected, null when never. */
  inspected_version_id: string | null;
  /** The caller inspected a version older than the current one. */
  changed_since_inspected: boolean;
}
