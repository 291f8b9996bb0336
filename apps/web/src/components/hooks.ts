import type { Lang } from '@ferry/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const PRODUCT_NAME = 'Ferry';

/** The UI language, re-rendering when it changes. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US';
}

/** "<title> - Ferry" (spec 000 §2: each page title carries the product-name suffix). */
export function pageTitle(title: string): string {
  return title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function usePageTitle(titleKey: string): void {
  const { t, i18n } = useTranslation();
  const title = t(titleKey);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title, i18n.language]);
}

/** `value` once it has stayed the same for `delayMs` (typing settles before a call is made). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
