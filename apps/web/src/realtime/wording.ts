import {
  describeDiffSummary,
  type Lang,
  NoticeLimits,
  type NoticeTemplate,
  roleNames,
  type TeamRole,
} from '@ferry/shared';
import { i18n } from '../i18n';
import { isCommentMethod, NOTICE_KINDS, type NoticeMethod, type RealtimeMessage } from './message';

/**
 * The title and text of a notice (spec 002 §3 "Notification template": keyed by source type, with the
 * variables username, teamName, projectName, role and content). The templates come from the server
 * (`GET msg_center/templates`); until they have, or if they cannot, a notice is titled by its kind and
 * shows its content.
 */
export type NoticeTemplates = Partial<Record<NoticeMethod, NoticeTemplate>>;

export interface NoticeWording {
  title: string;
  text: string;
}

/** A name of at most `max` characters (whole code points), with an ellipsis when it was longer. */
export function cutName(name: string, max: number): string {
  const chars = Array.from(name);
  return chars.length <= max ? name : `${chars.slice(0, max).join('')}…`;
}

/** The {role} variable: a team role, a project role or a permission mode, in the reader's language. */
function roleWording(message: RealtimeMessage, lang: Lang): string {
  const t = i18n.getFixedT(lang);
  if (message.method === 'changeProjectPermission') {
    return t(`realtime.mode.${message.type}`, { defaultValue: message.type });
  }
  if (message.method === 'changeTeamJurisdiction') {
    const names = roleNames[message.type as TeamRole];
    return names ? (lang === 'zh-CN' ? names.zh : names.en) : message.type;
  }
  return t(`realtime.projectRole.${message.type}`, { defaultValue: message.type });
}

const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);

/** The wording of a message kind alone (the message centre's filter, a notice without its template). */
export function kindTitle(kind: string, lang: Lang): string {
  return i18n.getFixedT(lang)(`realtime.kind.${kind}`, { defaultValue: kind });
}

/** A new version's notice: what changed since the version compared, in `lang` ("3 texts, 1 colour changed"). */
function changesWording(message: RealtimeMessage, lang: Lang): string {
  if (!message.compare) return '';
  const { summary } = message.compare;
  return summary ? describeDiffSummary(summary, lang) : i18n.getFixedT(lang)('compare.notCompared');
}

/**
 * A notice's title and text in `lang`. The sender (team nickname when set) is cut to 6 characters, to 3 in
 * a comment's title (spec 002 §9 "Display truncation").
 */
export function renderNotice(
  message: RealtimeMessage,
  lang: Lang,
  templates: NoticeTemplates | null,
): NoticeWording {
  const sender = message.fromNickName || message.fromUserName;
  const template = templates?.[message.method];
  if (!template) {
    return { title: kindTitle(NOTICE_KINDS[message.method], lang), text: message.content };
  }
  const vars = {
    username: cutName(sender, NoticeLimits.senderNameMax),
    teamName: message.teamName,
    projectName: message.projectName,
    role: roleWording(message, lang),
    content: message.content,
    changes: changesWording(message, lang),
  };
  const titleMax = isCommentMethod(message.method)
    ? NoticeLimits.senderNameInTitleMax
    : NoticeLimits.senderNameMax;
  const title = (message.hasAt && template.mentionTitle) || template.title;
  return {
    title: fill(title[lang], { ...vars, username: cutName(sender, titleMax) }),
    text: fill(template.text[lang], vars),
  };
}
