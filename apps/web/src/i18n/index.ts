import type { Lang } from '@ferry/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, StorageKeys, writeString } from '../state/storage';
import accessTokensEnUS from './accessTokens.en-US.json';
import accessTokensZhCN from './accessTokens.zh-CN.json';
import bookmarksEnUS from './bookmarks.en-US.json';
import bookmarksZhCN from './bookmarks.zh-CN.json';
import chatAccountsEnUS from './chatAccounts.en-US.json';
import chatAccountsZhCN from './chatAccounts.zh-CN.json';
import commentsEnUS from './comments.en-US.json';
import commentsZhCN from './comments.zh-CN.json';
import compareEnUS from './compare.en-US.json';
import compareZhCN from './compare.zh-CN.json';
import demoEnUS from './demo.en-US.json';
import demoZhCN from './demo.zh-CN.json';
import designsEnUS from './designs.en-US.json';
import designsZhCN from './designs.zh-CN.json';
import dsmEnUS from './dsm.en-US.json';
import dsmZhCN from './dsm.zh-CN.json';
import enUS from './en-US.json';
import flowMapEnUS from './flowMap.en-US.json';
import flowMapZhCN from './flowMap.zh-CN.json';
import helpEnUS from './help.en-US.json';
import helpZhCN from './help.zh-CN.json';
import inspectEnUS from './inspect.en-US.json';
import inspectZhCN from './inspect.zh-CN.json';
import maintenanceEnUS from './maintenance.en-US.json';
import maintenanceZhCN from './maintenance.zh-CN.json';
import onboardingEnUS from './onboarding.en-US.json';
import onboardingZhCN from './onboarding.zh-CN.json';
import preferencesEnUS from './preferences.en-US.json';
import preferencesZhCN from './preferences.zh-CN.json';
import productEnUS from './product.en-US.json';
import productZhCN from './product.zh-CN.json';
import productCommentsEnUS from './productComments.en-US.json';
import productCommentsZhCN from './productComments.zh-CN.json';
import productViewerEnUS from './productViewer.en-US.json';
import productViewerZhCN from './productViewer.zh-CN.json';
import protoEditorEnUS from './protoEditor.en-US.json';
import protoEditorZhCN from './protoEditor.zh-CN.json';
import realtimeEnUS from './realtime.en-US.json';
import realtimeZhCN from './realtime.zh-CN.json';
import recoveryEnUS from './recovery.en-US.json';
import recoveryZhCN from './recovery.zh-CN.json';
import searchEnUS from './search.en-US.json';
import searchZhCN from './search.zh-CN.json';
import shareManageEnUS from './shareManage.en-US.json';
import shareManageZhCN from './shareManage.zh-CN.json';
import shareVisitEnUS from './shareVisit.en-US.json';
import shareVisitZhCN from './shareVisit.zh-CN.json';
import ssoEnUS from './sso.en-US.json';
import ssoZhCN from './sso.zh-CN.json';
import stageEnUS from './stage.en-US.json';
import stageZhCN from './stage.zh-CN.json';
import walkthroughEnUS from './walkthrough.en-US.json';
import walkthroughZhCN from './walkthrough.zh-CN.json';
import zhCN from './zh-CN.json';

export type { Lang };
export const LANGS: readonly Lang[] = ['zh-CN', 'en-US'];

function isLang(value: unknown): value is Lang {
  return value === 'zh-CN' || value === 'en-US';
}

/** The stored `lang`, else the browser's language: zh* → zh-CN, anything else → en-US. */
export function detectLang(): Lang {
  const stored = readString(StorageKeys.lang);
  if (isLang(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? '' : navigator.language || '';
  return browser.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

void i18n.use(initReactI18next).init({
  // Each room keeps its texts in its own pair of files; their top-level keys do not overlap.
  resources: {
    'zh-CN': {
      translation: {
        ...zhCN,
        ...stageZhCN,
        ...designsZhCN,
        ...inspectZhCN,
        ...commentsZhCN,
        ...realtimeZhCN,
        ...shareManageZhCN,
        ...shareVisitZhCN,
        ...demoZhCN,
        ...flowMapZhCN,
        ...bookmarksZhCN,
        ...protoEditorZhCN,
        ...productZhCN,
        ...productViewerZhCN,
        ...productCommentsZhCN,
        ...searchZhCN,
        ...dsmZhCN,
        ...walkthroughZhCN,
        ...recoveryZhCN,
        ...ssoZhCN,
        ...accessTokensZhCN,
        ...chatAccountsZhCN,
        ...helpZhCN,
        ...preferencesZhCN,
        ...maintenanceZhCN,
        ...onboardingZhCN,
        ...compareZhCN,
      },
    },
    'en-US': {
      translation: {
        ...enUS,
        ...stageEnUS,
        ...designsEnUS,
        ...inspectEnUS,
        ...commentsEnUS,
        ...realtimeEnUS,
        ...shareManageEnUS,
        ...shareVisitEnUS,
        ...demoEnUS,
        ...flowMapEnUS,
        ...bookmarksEnUS,
        ...protoEditorEnUS,
        ...productEnUS,
        ...productViewerEnUS,
        ...productCommentsEnUS,
        ...searchEnUS,
        ...dsmEnUS,
        ...walkthroughEnUS,
        ...recoveryEnUS,
        ...ssoEnUS,
        ...accessTokensEnUS,
        ...chatAccountsEnUS,
        ...helpEnUS,
        ...preferencesEnUS,
        ...maintenanceEnUS,
        ...onboardingEnUS,
        ...compareEnUS,
      },
    },
  },
  lng: detectLang(),
  fallbackLng: 'en-US',
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : 'en-US';
}

export async function setLang(lang: Lang): Promise<void> {
  writeString(StorageKeys.lang, lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

export { i18n };
