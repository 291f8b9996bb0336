import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/hooks';
import { Logo } from '../../components/Logo';
import { loginPath } from '../../state/redirect';
import { useSession } from '../../state/session';
import { HelpArticles } from './HelpArticles';

/** Route support: the help centre, public (opened in a new tab from the help menu). */
export function SupportPage() {
  usePageTitle('help.support.title');
  const { t } = useTranslation();
  const { token } = useSession();
  return (
    <div className="help-page" data-testid="support-page">
      <header className="help-page-bar">
        <Link to="/" aria-label="Ferry" className="help-page-logo">
          <Logo />
        </Link>
        <span className="help-page-name">{t('help.support.title')}</span>
        <Link to={token ? '/' : loginPath({})}>
          <Button type="primary">{token ? t('help.support.toApp') : t('help.support.signIn')}</Button>
        </Link>
      </header>
      <main className="help-page-main">
        <h1>{t('help.support.title')}</h1>
        <p className="help-page-intro">{t('help.support.intro')}</p>
        <HelpArticles />
      </main>
    </div>
  );
}
