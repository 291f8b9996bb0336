import { Codes, codeMessage, StageLimits } from '@ferry/shared';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../api/client';
import { designsApi, type StageOrder, type StageSections, type TransferOutcome } from '../../api/designs';
import { isApiError } from '../../api/errors';
import { formErrorText } from '../../forms/errors';
import { currentLang } from '../../i18n';
import { queryClient } from '../../queryClient';
import { stageImagesKey, stageSectorsKey } from './paths';
import type { StageSection } from './stageModel';

let staleToastAt = Number.NEGATIVE_INFINITY;

/**
 * Code 10092, the stage layout changed under the caller (spec 001 §4, §6): the info toast, at most once per
 * 600 ms however many calls fail together. Answers whether it showed.
 */
export function notifyStaleLayout(now = Date.now()): boolean {
  if (now - staleToastAt < StageLimits.staleLayoutToastIntervalMs) return false;
  staleToastAt = now;
  showToast('info', codeMessage(Codes.STAGE_LOCKED, currentLang()), StageLimits.staleLayoutToastMs);
  return true;
}

/** Forgets when the last stale-layout toast showed (tests). */
export function resetStaleLayoutToast(): void {
  staleToastAt = Number.NEGATIVE_INFINITY;
}

export type PlaceTarget = { sectionId: string; before?: string; after?: string };

/** Everything the stage changes: each call refreshes what it touched and shows the server's message on failure. */
export function useStageActions(teamId: string, projectId: string) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ref = { team_id: teamId, project_id: projectId };

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: stageImagesKey(teamId, projectId) }),
      queryClient.invalidateQueries({ queryKey: stageSectorsKey(teamId, projectId) }),
    ]);
  const sectorsKey = stageSectorsKey(teamId, projectId);
  /**
   * Layout changes carry the revision of the stage last read, so one made over someone else's newer change is
   * refused (10092) instead of overwriting it.
   */
  const layout = () => ({
    ...ref,
    stage_revision: queryClient.getQueryData<StageSections>(sectorsKey)?.stage_revision,
  });
  /** Our own change moved the revision on: the next change builds on it. */
  const advanced = (answer: { stage_revision?: number } | null | undefined) => {
    const revision = answer?.stage_revision;
    if (typeof revision === 'number')
      queryClient.setQueryData<StageSections>(sectorsKey, (old) =>
        old ? { ...old, stage_revision: revision } : old,
      );
  };
  const arranged = (answer: StageSections | null | undefined) => {
    if (answer?.sectors) queryClient.setQueryData(sectorsKey, answer);
    else void refresh();
  };

  /** Runs a call; on failure shows why (and refetches on a stale layout), then rejects for the caller. */
  async function run<T>(call: () => Promise<T>, done?: string): Promise<T> {
    try {
      const answer = await call();
      if (done) void message.success(done);
      return answer;
    } catch (error) {
      if (isApiError(error) && error.code === Codes.STAGE_LOCKED.code) {
        notifyStaleLayout();
        void refresh();
      } else {
        const text = formErrorText(error, t('common.requestFailed'));
        if (text) void message.error(text);
      }
      throw error;
    }
  }
  /** For menu items and buttons: the failure is already shown. */
  const quietly = (promise: Promise<unknown>) => promise.catch(() => undefined);

  return {
    refresh,
    run,
    quietly,
    /** A refusal here means someone else holds the stage; the drop that follows says so (10092). */
    hold: (held: boolean) => void quietly(designsApi.holdStage(ref, held)),
    rename: (imageId: string, name: string) => run(() => designsApi.rename(ref, imageId, name)).then(refresh),
    remove: (imageIds: string[]) =>
      run(() => designsApi.remove(layout(), imageIds), t('stage.deleted', { count: imageIds.length })).then(
        refresh,
      ),
    place: (imageIds: string[], target: PlaceTarget) =>
      run(() =>
        designsApi.placeImages(layout(), {
          images: imageIds,
          target_sector_id: target.sectionId,
          ...(target.before ? { next_image_id: target.before } : {}),
          ...(target.after ? { pre_image_id: target.after } : {}),
        }),
      ).then(arranged),
    createSection: (body: { name?: string; image_ids?: string[]; parent_id?: string }) =>
      run(() => designsApi.createSection(layout(), body))
        .then(advanced)
        .then(refresh),
    renameSection: (sectionId: string, name: string) =>
      run(() => designsApi.renameSection(layout(), sectionId, name))
        .then(advanced)
        .then(refresh),
    deleteSection: (sectionId: string) =>
      run(() => designsApi.deleteSection(layout(), sectionId)).then(refresh),
    sortOrder: (order: StageOrder) =>
      run(() => designsApi.sortOrder(layout(), order))
        .then(advanced)
        .then(refresh),
    /** Swaps a section with its neighbour above (-1) or below (+1). */
    moveSection: (section: StageSection, step: -1 | 1) => {
      const ids = [...section.siblingIds];
      const at = ids.indexOf(section.id);
      const to = at + step;
      if (at < 0 || to < 0 || to >= ids.length) return Promise.resolve();
      [ids[at], ids[to]] = [ids[to], ids[at]];
      return run(() => designsApi.sortSections(layout(), ids, section.parentId)).then(arranged);
    },
    transfer: (
      mode: 'copy' | 'move',
      targetProjectId: string,
      imageIds: string[],
    ): Promise<TransferOutcome> =>
      run(() =>
        mode === 'copy'
          ? designsApi.copyTo(ref, targetProjectId, imageIds)
          : designsApi.moveTo(ref, targetProjectId, imageIds),
      ).then(async (outcome) => {
        if (mode === 'move') await refresh();
        return outcome;
      }),
  };
}

export type StageActions = ReturnType<typeof useStageActions>;
