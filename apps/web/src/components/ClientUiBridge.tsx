import { Limits } from '@ferry/shared';
import { App } from 'antd';
import { useEffect } from 'react';
import { setClientUi } from '../api/client';

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
    return () => setClientUi(null);
  }, [message, modal]);
  return null;
}
