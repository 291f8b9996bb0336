import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { openNotice, routeOf } from '../realtime/open';
import { logNoticeAction } from '../realtime/optionLog';
import { dismissToast, type NoticeToast, useNoticeToasts } from '../realtime/toasts';
import './realtime.css';

function Toast({ toast }: { toast: NoticeToast }) {
  const { t } = useTranslation();
  const { message } = toast;
  const place = [message.projectName, message.imageName].filter(Boolean).join(' / ');
  const view = () => {
    dismissToast(toast.id);
    logNoticeAction('view', message, toast.ref);
    openNotice(message);
  };
  const close = () => {
    dismissToast(toast.id);
    logNoticeAction('close', message, toast.ref);
  };
  return (
    <div className="notice-toast" role="status" data-testid="notice-toast" data-method={message.method}>
      <div className="notice-toast-head">
        <span className="notice-toast-title" title={toast.title}>
          {toast.title}
        </span>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('realtime.toast.close')}
          data-testid="notice-toast-close"
          onClick={close}
        />
      </div>
      {toast.text ? <div className="notice-toast-text">{toast.text}</div> : null}
      <div className="notice-toast-foot">
        <span className="notice-toast-meta" title={place}>
          {place}
        </span>
        {routeOf(message.url) ? (
          <Button type="primary" size="small" onClick={view} data-testid="notice-toast-view">
            {t('realtime.toast.view')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** The notification toasts, top right (spec 002 §2): newest at the bottom, at most 5. */
export function RealtimeToasts() {
  const toasts = useNoticeToasts();
  if (toasts.length === 0) return null;
  return (
    <div className="notice-toasts" aria-live="polite">
      {toasts.map((toast) => (
        <Toast key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
