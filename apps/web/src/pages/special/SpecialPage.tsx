import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../components/hooks';
import { Logo } from '../../components/Logo';
import { itemPath } from '../../state/redirect';
import { useSession } from '../../state/session';

export const SPECIAL_PATH = '/special';
/** The page shown to a member without rights to a folder (spec 001 §2: special?type=n_folder). */
export const noFolderPermissionPath = `${SPECIAL_PATH}?type=n_folder`;

/** The tips this page knows, by `type`; spec 001 §2 names n_folder (no folder permission). */
const KNOWN_TYPES = ['n_folder'] as const;

/**
 * A full-page tip (spec 001 §2: /link/#/special?type=n_folder): the user may not open what they asked for.
 * The button goes back to the team's project list.
 */
export function SpecialPage() {
  usePageTitle('folders.noPermissionTitle');
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { team } = useSession();
  const type = params.get('type') ?? '';
  const known = (KNOWN_TYPES as readonly string[]).includes(type);
  const teamId = params.get('tid') ?? team?.team_id;
  const home = teamId ? itemPath(teamId) : '/';

  return (
    <div className="status-page" data-testid="special-page" data-type={type}>
      <div className="status-page-logo">
        <Logo />
      </div>
      <Result
        status="403"
        title={known ? t('folders.noPermissionTitle') : t('noPermission.title')}
        subTitle={known ? t('folders.noPermissionText') : t('noPermission.subtitle')}
        extra={
          <Button type="primary" onClick={() => navigate(home, { replace: true })} data-testid="special-back">
            {t('common.backToProjects')}
          </Button>
        }
      />
    </div>
  );
}
