import type { LayerDoc, LogMsgType } from '@ferry/shared';
import { request } from './client';

/** The inspect view's calls (docs/api.md "Inspect"): the version's LayerDoc, and the page-view and copy logs. */
export interface InspectLog {
  projectId: string;
  teamId: string;
  msgType: LogMsgType;
  imageId: string;
  imageName: string;
}

export class LayerDocError extends Error {
  constructor(readonly status: number) {
    super(`The layer data could not be read (HTTP ${status})`);
  }
}

export const inspectApi = {
  /**
   * The LayerDoc of a version from its signed `json_url`: a plain GET without the session (the signature is
   * the permission), fetched once per version and kept.
   */
  layerDoc: async (url: string, signal?: AbortSignal): Promise<LayerDoc> => {
    const response = await fetch(url, { signal, credentials: 'omit' });
    if (!response.ok) throw new LayerDocError(response.status);
    return (await response.json()) as LayerDoc;
  },

  /** `POST log/add`; a failed log never bothers the user. */
  log: (body: InspectLog) =>
    request<unknown>('POST', 'log/add', { body, quiet: true }).catch(() => undefined),
};
