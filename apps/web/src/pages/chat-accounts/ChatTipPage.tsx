import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/hooks';
import { Paths } from '../../state/redirect';
import { getSession } from '../../state/session';

/** LarkTip: a workplace-chat sign-in on a phone lands here; Ferry's design pages are made for a computer. */
export function ChatTipPage() {
  usePageTitle('chat.tipTitle');
  const { t } = useTranslation();
  const signedIn = Boolean(getSession().token);
  return (
    <div className="chat-page" data-testid="chat-tip">
      <Card>
        <Result
          status="info"
          title={t('chat.tipTitle')}
          subTitle={t(signedIn ? 'chat.tipSignedIn' : 'chat.tipSignedOut')}
          extra={
            <Button type="primary">
              <Link to={signedIn ? '/' : Paths.login}>
                {t(signedIn ? 'chat.continueAnyway' : 'chat.backToSignIn')}
              </Link>
            </Button>
          }
        />
      </Card>
    </div>
  );
}
