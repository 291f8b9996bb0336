import { DisconnectOutlined } from '@ant-design/icons';
import { Codes, codeMessage } from '@ferry/shared';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useLang, usePageTitle } from '../../components/hooks';
import { useSession } from '../../state/session';
import { ShareFrame } from './ShareFrame';
import { INVALID_REASONS } from './visitorContext';

/** /shareInvalid?type=failure&reason=…: a share link that is expired, revoked, emptied or unknown. */
export function ShareInvalidPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { token } = useSession();
  const [params] = useSearchParams();
  const reason = params.get('reason') ?? '';
  const entry = INVALID_REASONS[reason as keyof typeof INVALID_REASONS] ?? Codes.SHARE_NOT_FOUND;
  usePageTitle('shareVisit.invalidTitle');
  return (
    <ShareFrame testId="share-invalid">
      <Result
        icon={<DisconnectOutlined className="share-invalid-icon" />}
        title={t('shareVisit.invalidTitle')}
        subTitle={
          <>
            <span className="share-invalid-reason" data-testid="share-invalid-reason" data-reason={reason}>
              {codeMessage(entry, lang)}
            </span>
            <br />
            {t('shareVisit.invalidHint')}
          </>
        }
        extra={
          token ? (
            <Button type="primary" onClick={() => navigate('/')} data-testid="share-invalid-home">
              {t('shareVisit.backHome')}
            </Button>
          ) : null
        }
      />
    </ShareFrame>
  );
}
