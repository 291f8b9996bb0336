import { Codes, codeMessage } from '@ferry/shared';
import type { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../api/errors';
import { useLang } from '../../components/hooks';
import { Paths } from '../../state/redirect';

export const isRefusal = (error: unknown, entry: { code: string }) =>
  isApiError(error) && error.code === entry.code;

/**
 * The team's project limit (19027, spec 001 §5: project_max − project_curt < 0) is not a form error: it asks
 * for an upgrade, in a dialog whose button opens the team's plan. Answers whether it handled the error.
 */
export function useProjectLimitPrompt(modal: ReturnType<typeof App.useApp>['modal']) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  return (error: unknown): boolean => {
    if (!isRefusal(error, Codes.PROJECT_COUNT_FULL)) return false;
    void modal.confirm({
      title: t('projects.limitTitle'),
      content: codeMessage(Codes.PROJECT_COUNT_FULL, lang),
      okText: t('projects.upgrade'),
      cancelText: t('projects.later'),
      okButtonProps: { 'data-testid': 'project-limit-upgrade' },
      onOk: () => navigate(`${Paths.team}?tab=settings`),
    });
    return true;
  };
}
