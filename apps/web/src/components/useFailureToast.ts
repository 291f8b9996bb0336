import type { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { formErrorText } from '../forms/errors';

/** A failed call as a toast: the server's message, unless the client already reacted to it. */
export function useFailureToast(message: ReturnType<typeof App.useApp>['message']) {
  const { t } = useTranslation();
  return (error: unknown) => {
    const text = formErrorText(error, t('common.requestFailed'));
    if (text) void message.error(text);
  };
}
