import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { uploadsApi } from '../../../api/uploads';
import { Paths } from '../../../state/redirect';
import type { UploadQueue } from './queue';

/**
 * Shows what a batch says as a whole: the several-file size warning, and at 11023 the upgrade prompt with the
 * project's count (spec 001 §5, §8: the action stops and the prompt is shown). One prompt per batch refusal.
 */
export function useUploadNotices(queue: UploadQueue, projectId: string) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    let prompting = false;
    return queue.onNotice((notice) => {
      if (notice.kind === 'warning') {
        void message.warning(notice.message);
        return;
      }
      if (prompting) return;
      prompting = true;
      void uploadsApi
        .quota(projectId)
        .catch(() => null)
        .then((quota) => {
          const count =
            quota && quota.hard_limit_cnt !== -1
              ? t('upload.quotaCount', { current: quota.cur_cnt, limit: quota.hard_limit_cnt })
              : '';
          modal.confirm({
            title: t('upload.quotaTitle'),
            content: count ? `${notice.message} ${count}` : notice.message,
            okText: t('upload.upgrade'),
            cancelText: t('upload.later'),
            okButtonProps: { 'data-testid': 'upload-quota-upgrade' },
            onOk: () => navigate(`${Paths.team}?tab=settings`),
            afterClose: () => {
              prompting = false;
            },
          });
        });
    });
  }, [queue, projectId, message, modal, navigate, t]);
}
