import { CheckCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNetworkStatus } from '../state/network';

/** The top banner of spec 000 §8: disconnected while checks run, then "connected" for 3 s. */
export function NetworkBanner() {
  const status = useNetworkStatus();
  const { t } = useTranslation();
  if (status === 'online') return null;
  const offline = status === 'offline';
  return (
    <div
      className={`network-banner ${offline ? 'is-offline' : 'is-online'}`}
      role="status"
      aria-live="polite"
      data-testid="network-banner"
    >
      {offline ? <LoadingOutlined /> : <CheckCircleFilled />}
      <span>{offline ? t('network.offline') : t('network.online')}</span>
    </div>
  );
}
