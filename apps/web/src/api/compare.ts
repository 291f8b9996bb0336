import type { DesignComparison } from '@ferry/shared';
import { request } from './client';

export type { CompareSide, DesignComparison } from '@ferry/shared';

/** The calls of "compare two versions of a design" (docs/api.md "Designs, versions"). */
interface DesignRef {
  team_id: string;
  image_id: string;
}

/** `layers`: the versions' layer states, so a comparison refused while layers were read is asked again once they are. */
export const compareKey = (
  teamId: string,
  imageId: string,
  versions: { from: string | null; to: string | null; layers: string },
) =>
  [
    'team',
    teamId,
    'image',
    imageId,
    'compare',
    versions.from ?? '',
    versions.to ?? '',
    versions.layers,
  ] as const;

export const compareApi = {
  /**
   * Quiet: a refusal (layers not ready, a version of another design) is shown in the compare panel, in the
   * server's words, with a retry. Without versions the server compares the current one with the one the caller
   * last inspected (or the previous one).
   */
  compare: (ref: DesignRef, versions: { from?: string | null; to?: string | null }, signal?: AbortSignal) =>
    request<DesignComparison>('GET', 'project/image/compare', {
      query: { ...ref, from_version_id: versions.from ?? undefined, to_version_id: versions.to ?? undefined },
      signal,
      quiet: true,
    }),

  /** Records that the caller looked at this version with its layers. Quiet: nobody is bothered by a miss. */
  inspected: (ref: DesignRef & { version_id: string }) =>
    request<unknown>('POST', 'project/image/inspected', { body: ref, quiet: true }),
};
