import type { TokenExportFormat } from '@ferry/shared';
import { type DsmScope, dsmApi } from '../../../api/dsm';

/** Exports the tokens: the ZIP opens from its signed URL, a single format is saved as a file from its text. */
export async function exportTokens(scope: DsmScope, format: TokenExportFormat): Promise<void> {
  const answer = await dsmApi.exportTokens(scope, format);
  if (answer.format === 'zip') {
    window.open(answer.url, '_blank', 'noopener');
    return;
  }
  const url = URL.createObjectURL(new Blob([answer.content], { type: answer.mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = answer.name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the object URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
