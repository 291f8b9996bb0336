import {
  BookOutlined,
  CustomerServiceOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { CONTACT_THROTTLE_MS } from '@ferry/shared';
import { App, Button, Dropdown, type MenuProps, Modal } from 'antd';
import QRCode from 'qrcode';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePublicConfiguration } from '../../state/features';
import { useSession } from '../../state/session';
import { isEnterpriseType, throttledAction } from './contact';
import { docsPath, SUPPORT_PATH } from './paths';
import { openShortcutsSheet } from './shortcutsSheet';
import './help.css';

/** The help centre opens in a new tab (spec 002 "Help widget"): the app's own page, outside this session's tab. */
const supportUrl = () => `${window.location.pathname}#${SUPPORT_PATH}`;

/** The team the docs are about: query tid or teamId, else the stored active team (spec 002 §2). */
function useDocsTeamId(): string | null {
  const { search } = useLocation();
  const { team } = useSession();
  const query = new URLSearchParams(search);
  return query.get('tid') || query.get('teamId') || team?.team_id || null;
}

async function qrPicture(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The header's help button: help centre, the team's docs, keyboard shortcuts and support, which is a mail to
 * the service for most teams and a dedicated contact with a QR code for enterprise teams. Contacting runs
 * once, then waits 5 minutes (spec 002 "Throttled click action").
 */
export function HelpMenu() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { team } = useSession();
  const docsTeamId = useDocsTeamId();
  const enterprise = isEnterpriseType(team?.team_type);
  const [qr, setQr] = useState<string | null>(null);
  // The operator's address (SUPPORT_EMAIL); a deployment without one offers no contact.
  const address = usePublicConfiguration().data?.support_email ?? null;

  const contact = useMemo(
    () =>
      throttledAction(() => {
        const mail = `mailto:${address}?subject=${encodeURIComponent(t('help.contact.subject'))}`;
        if (enterprise) {
          void qrPicture(mail).then(setQr);
        } else {
          window.open(mail, '_self');
          message.info(t('help.contact.sent', { address }));
        }
      }, CONTACT_THROTTLE_MS),
    [address, enterprise, message, t],
  );

  const items: MenuProps['items'] = [
    { key: 'centre', icon: <ReadOutlined />, label: t('help.menu.centre') },
    ...(docsTeamId ? [{ key: 'docs', icon: <BookOutlined />, label: t('help.menu.teamDocs') }] : []),
    { key: 'shortcuts', icon: <ThunderboltOutlined />, label: t('help.menu.shortcuts'), extra: '?' },
    ...(address
      ? [
          {
            key: 'contact',
            icon: <CustomerServiceOutlined />,
            label: enterprise ? t('help.menu.dedicated') : t('help.menu.contact'),
          },
        ]
      : []),
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'centre') window.open(supportUrl(), '_blank', 'noopener');
    else if (key === 'docs' && docsTeamId) navigate(docsPath(docsTeamId));
    else if (key === 'shortcuts') openShortcutsSheet();
    else if (key === 'contact' && !contact()) message.info(t('help.contact.wait'));
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <Button
          type="text"
          className="app-header-help"
          icon={<QuestionCircleOutlined />}
          aria-label={t('help.button')}
          data-testid="help-button"
        />
      </Dropdown>
      <Modal
        open={qr !== null}
        onCancel={() => setQr(null)}
        footer={null}
        title={t('help.contact.dedicatedTitle')}
        width={320}
        destroyOnHidden
      >
        <div className="help-contact-qr" data-testid="dedicated-contact">
          {qr ? <img src={qr} alt={t('help.contact.dedicatedTitle')} width={200} height={200} /> : null}
          <p>{t('help.contact.dedicatedHint', { address })}</p>
        </div>
      </Modal>
    </>
  );
}
