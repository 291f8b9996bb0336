import { CopyOutlined, LockOutlined } from '@ant-design/icons';
import type { ShareRights } from '@ferry/shared';
import { Alert, App, Button, Input, Space } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedShareLinkRow } from '../../api/share';
import { copyText } from '../../components/copy';
import { useLang } from '../../components/hooks';
import { formatTime } from '../../components/time';
import { RightsTags } from './RightsTags';
import { SendLinkForm } from './SendLinkForm';

/**
 * A link just made: its address (shown only now: the server keeps only a hash of it) with copy, what the link
 * actually got (the server caps download by the maker's own permission), and sending it by mail.
 */
export function ShareCreated({
  link,
  asked,
  onAnother,
  onDone,
}: {
  link: CreatedShareLinkRow;
  asked: ShareRights;
  onAnother: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    if (await copyText(link.url)) void message.success(t('shareManage.copied'));
    else {
      field.current?.select();
      void message.warning(t('shareManage.copyManually'));
    }
  };
  return (
    <div className="share-created" data-testid="share-created">
      <Alert type="warning" showIcon title={t('shareManage.onlyNow')} className="share-only-now" />
      <Space.Compact className="share-url-row">
        <Input
          readOnly
          value={link.url}
          onFocus={(event) => event.target.select()}
          ref={(input) => {
            field.current = input?.input ?? null;
          }}
          data-testid="share-url"
        />
        <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="share-copy">
          {t('shareManage.copy')}
        </Button>
      </Space.Compact>
      <dl className="share-facts">
        <dt>{t('shareManage.granted')}</dt>
        <dd data-testid="share-granted">
          <RightsTags rights={link.rights} />
        </dd>
        <dt>{t('shareManage.expiry')}</dt>
        <dd data-testid="share-expires">
          {link.expires_at ? formatTime(link.expires_at, lang) : t('shareManage.neverExpires')}
          {link.has_password ? (
            <span className="share-password-note" data-testid="share-has-password">
              <LockOutlined /> {t('shareManage.withPassword')}
            </span>
          ) : null}
        </dd>
      </dl>
      {asked.download && !link.rights.download ? (
        <Alert
          type="info"
          showIcon
          title={t('shareManage.downloadDropped')}
          data-testid="share-download-dropped"
        />
      ) : null}
      <SendLinkForm code={link.code} />
      <div className="share-dialog-actions">
        <Button onClick={onAnother} data-testid="share-another">
          {t('shareManage.another')}
        </Button>
        <Button type="primary" onClick={onDone} data-testid="share-done">
          {t('shareManage.done')}
        </Button>
      </div>
    </div>
  );
}
