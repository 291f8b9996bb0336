import type { AppContext } from '../../context.js';
import { projectFilesDir } from '../projects/service.js';

/**
 * A screenshot and its difference masks live under the project's folder (a project's deletion removes them):
 * `…/walkthrough/<screenshot>.<ext>` and `…/walkthrough/<screenshot>-diff-<revision>.png`.
 */
export const screenshotKeyOf = (projectId: string, screenshotId: string, extension: string) =>
  `${projectFilesDir(projectId)}walkthrough/${screenshotId}.${extension}`;

export const diffKeyOf = (projectId: string, screenshotId: string, revision: number) =>
  `${projectFilesDir(projectId)}walkthrough/${screenshotId}-diff-${revision}.png`;

/** After the rows are gone: the screenshots' files and masks. */
export async function removeScreenshotFiles(
  ctx: AppContext,
  shots: { fileKey: string; diffKey: string | null }[],
) {
  for (const shot of shots) {
    await ctx.files.remove(shot.fileKey);
    if (shot.diffKey) await ctx.files.remove(shot.diffKey);
  }
}
