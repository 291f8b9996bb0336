import type { SliceExport, SliceExportBody } from '@ferry/shared';
import { api } from './client';

/** Slice export (docs/api.md "Inspect"): the chosen layers rendered at the platform's presets, as one zip. */
export const slicesApi = {
  export: (body: SliceExportBody) => api.post<SliceExport>('project/slices', body),
};

/** Starts the browser's download of a signed file URL under `name`, without leaving the page. */
export function downloadUrl(url: string, name: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}
