import { Limits } from '@ferry/shared';
import { App } from 'antd';
import { useEffect } from 'react';
import { setClientUi } from '../api/client';
import { i18n } from '../i18n';
import { onStorageFull } from '../state/storage';

/** Lets the API client speak through antd's message and modal, inside the app's theme and locale. */
export function ClientUiBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    setClientUi({
      toast: (level, text, durationMs) => {
        void message.open({
          type: level,
          content: text,
          duration: (durationMs ?? Limits.toastDefaultMs) / 1000,
        });
      },
      alert: ({ title, content, okText, onOk }) => {
        modal.warning({
          title,
          content,
          okText,
          onOk,
          closable: false,
          keyboard: false,
          mask: { closable: false },
          centered: true,
        });
      },
    });
    // Spec 002 §9: a full local storage is told to the user, naming the biggest key.
    onStorageFull((report) => {
      void message.warning(i18n.t('preferences.storageFull', { key: report.biggestKey ?? report.key }));
    });
    return () => {
      setClientUi(null);
      onStorageFull(null);
    };
  }, [message, modal]);
  return null;
}
