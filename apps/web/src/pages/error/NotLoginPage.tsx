import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../components/hooks';
import { Logo } from '../../components/Logo';
import { loginPath } from '../../state/redirect';

/** Route NotLogin (/error/not-login?mode=dev): for embedded and development contexts without a session. */
export function NotLoginPage() {
  usePageTitle('titles.notLogin');
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="status-page">
      <div className="status-page-logo">
        <Logo />
      </div>
      <Result
        status="info"
        title={t('notLogin.title')}
        subTitle={t('notLogin.subtitle')}
        extra={
          <Button type="primary" onClick={() => navigate(loginPath({}))} data-testid="not-login-signin">
            {t('auth.signIn')}
          </Button>
        }
      />
    </div>
  );
}
