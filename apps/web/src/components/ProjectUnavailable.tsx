import { Codes } from '@ferry/shared';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../api/errors';

/** The project, a design system's too, or its team is not there (or not the caller's). */
const MISSING_CODES: readonly string[] = [
  Codes.DSM_PROJECT_NOT_FOUND.code,
  Codes.PROJECT_NOT_FOUND.code,
  Codes.TEAM_NOT_FOUND.code,
  Codes.NOT_FOUND.code,
];

interface Props {
  /** Why the project could not be read; none when the address names no project. */
  error: unknown;
  /** The code assumed without an error of the server's. */
  fallbackCode: string;
  className: string;
  testId: string;
  /** Where the button goes: the team's project list. */
  back: string;
  /** What a missing project is called on this screen. */
  notFoundKey: string;
  /** A failure that is not "missing" shows the server's words under the title. */
  withMessage?: boolean;
}

/**
 * A project screen (documents, design system, design QA) whose project cannot be shown: 404 when it or its team
 * is not there, else the load failure, with a way back to the projects.
 */
export function ProjectUnavailable({
  error,
  fallbackCode,
  className,
  testId,
  back,
  notFoundKey,
  withMessage,
}: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const code = isApiError(error) ? error.code : fallbackCode;
  const missing = MISSING_CODES.includes(code);
  return (
    <div className={className} data-testid={testId}>
      <Result
        status={missing ? '404' : 'error'}
        title={t(missing ? notFoundKey : 'common.loadFailed')}
        subTitle={withMessage && !missing && error instanceof Error ? error.message : undefined}
        extra={
          <Button type="primary" onClick={() => navigate(back)}>
            {t('common.backToProjects')}
          </Button>
        }
      />
    </div>
  );
}
