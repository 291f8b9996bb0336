import {
  ControlOutlined,
  DownOutlined,
  GlobalOutlined,
  LogoutOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { Avatar, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { setLang } from '../i18n';
import { logout } from '../state/logout';
import { Paths } from '../state/redirect';
import { useSession } from '../state/session';
import { useLang } from './hooks';
import { lazyNamed, OnceOpened } from './OnceOpened';

const SettingsDialog = lazyNamed(
  () => import('./headerExtras'),
  (module) => module.SettingsDialog,
);

const LANG_NAMES = { 'zh-CN': '简体中文', 'en-US': 'English' } as const;

export function UserAvatar({ size = 28 }: { size?: number }) {
  const { user } = useSession();
  const name = user?.name || user?.email || '';
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '';
  if (user?.avatar) return <Avatar size={size} src={user.avatar} alt={name} />;
  // One letter always fits: a plain circle spares antd's text avatar, which measures itself (a forced layout).
  return (
    <span
      className="user-avatar"
      style={{ width: size, height: size, background: user?.color || '#2878ff', fontSize: size * 0.45 }}
    >
      {initial}
    </span>
  );
}

/** The avatar menu: account settings, settings (lab options, cache), language (zh-CN / en-US), sign out. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLang();
  const { user } = useSession();
  const otherLang = lang === 'zh-CN' ? 'en-US' : 'zh-CN';
  const [settingsOpen, setSettingsOpen] = useState(false);

  const items: MenuProps['items'] = [
    {
      key: 'settings',
      icon: <SettingOutlined />,
      label: <span data-testid="menu-account-settings">{t('menu.accountSettings')}</span>,
    },
    {
      key: 'preferences',
      icon: <ControlOutlined />,
      label: <span data-testid="menu-settings">{t('lab.menu')}</span>,
    },
    {
      key: 'lang',
      icon: <GlobalOutlined />,
      label: <span data-testid="lang-switch">{t('menu.language')}</span>,
      extra: LANG_NAMES[otherLang],
    },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: <span data-testid="menu-logout">{t('menu.logout')}</span>,
    },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'settings') navigate(Paths.userInfo);
    else if (key === 'preferences') setSettingsOpen(true);
    else if (key === 'lang') void setLang(otherLang);
    else if (key === 'logout') void logout();
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{ items, onClick }}
        popupRender={(menu) => (
          <div className="user-menu-popup">
            <div className="user-menu-head">
              <UserAvatar size={36} />
              <div className="user-menu-who">
                <div className="user-menu-name">{user?.name}</div>
                <div className="user-menu-email">{user?.email}</div>
              </div>
            </div>
            {menu}
          </div>
        )}
      >
        <button type="button" className="user-menu-trigger" data-testid="user-menu-trigger">
          <UserAvatar />
          <span className="user-menu-trigger-name">{user?.name}</span>
          <DownOutlined className="user-menu-caret" />
        </button>
      </Dropdown>
      <OnceOpened open={settingsOpen}>
        <SettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      </OnceOpened>
    </>
  );
}
