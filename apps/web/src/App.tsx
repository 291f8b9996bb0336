import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { ClientUiBridge } from './components/ClientUiBridge';
import { useLang } from './components/hooks';
import { MaintenanceBanner } from './components/MaintenanceBanner';
import { RealtimeBridge } from './components/RealtimeBridge';
import { TeamEventTip } from './components/TeamEventTip';
import { queryClient } from './queryClient';

export const theme: ThemeConfig = {
  zeroRuntime: true,
  token: {
    colorPrimary: '#2878ff',
    colorBgLayout: 'rgba(240,242,245,1)',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Menu: { itemBorderRadius: 6, itemHeight: 38, itemSelectedBg: '#eaf1ff' },
  },
};

/**
 * Query cache, antd theme and locale (following the UI language), the client's UI (the network banner is the
 * board's, see router.tsx), the maintenance banner on every page, the real-time connection with its toasts,
 * and the full-screen team-event tip.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const lang = useLang();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={lang === 'zh-CN' ? zhCN : enUS}
        theme={theme}
        button={{ autoInsertSpace: false }}
      >
        <AntApp>
          <ClientUiBridge />
          <MaintenanceBanner />
          {children}
          <RealtimeBridge />
          <TeamEventTip />
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
