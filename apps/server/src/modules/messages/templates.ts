import {
  describeDiffSummary,
  type Lang,
  NOTICE_KINDS,
  NoticeLimits,
  type NoticeMethod,
  type NoticeTemplate,
  type RealtimeMessage,
  roleNames,
  type TeamRole,
} from '@ferry/shared';

type Wording = Record<Lang, string>;

/** Cuts by characters, not UTF-16 units, so a name or text never ends in half an emoji. */
export function cut(text: string, max: number, ellipsis = ''): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('') + ellipsis;
}

/**
 * The wording of each notice, keyed by source type (spec 002 §3: default `ts`), with the variables
 * {username}, {teamName}, {projectName}, {role} and {content}; {changes} for a new version's notice.
 */
const TS_TEMPLATES: Record<NoticeMethod, Omit<NoticeTemplate, 'kind'>> = {
  addNewComment: {
    title: { 'zh-CN': '{username} 发表了新评论', 'en-US': '{username} commented' },
    mentionTitle: { 'zh-CN': '{username} 在评论中@了你', 'en-US': '{username} mentioned you' },
    text: { 'zh-CN': '{content}', 'en-US': '{content}' },
  },
  replyComment: {
    title: { 'zh-CN': '{username} 回复了评论', 'en-US': '{username} replied' },
    mentionTitle: { 'zh-CN': '{username} 在回复中@了你', 'en-US': '{username} mentioned you in a reply' },
    text: { 'zh-CN': '{content}', 'en-US': '{content}' },
  },
  changeTeamJurisdiction: {
    title: { 'zh-CN': '团队权限变更', 'en-US': 'Team role changed' },
    text: {
      'zh-CN': '{username} 将你在团队「{teamName}」的角色调整为{role}',
      'en-US': '{username} changed your role in the team "{teamName}" to {role}',
    },
  },
  removeTeamMemeber: {
    title: { 'zh-CN': '移出团队', 'en-US': 'Removed from the team' },
    text: {
      'zh-CN': '你已被 {username} 移出团队「{teamName}」',
      'en-US': '{username} removed you from the team "{teamName}"',
    },
  },
  dissolutionTeam: {
    title: { 'zh-CN': '团队解散', 'en-US': 'Team dissolved' },
    text: {
      'zh-CN': '团队「{teamName}」已被 {username} 解散',
      'en-US': '{username} dissolved the team "{teamName}"',
    },
  },
  changeTeamPermission: {
    title: { 'zh-CN': '团队权限变更', 'en-US': 'Team permissions changed' },
    text: {
      'zh-CN': '{username} 修改了团队「{teamName}」的权限设置',
      'en-US': '{username} changed the permissions of the team "{teamName}"',
    },
  },
  removeProjectMemeber: {
    title: { 'zh-CN': '项目退出', 'en-US': 'Removed from a project' },
    text: {
      'zh-CN': '你已被 {username} 移出项目「{projectName}」',
      'en-US': '{username} removed you from the project "{projectName}"',
    },
  },
  removeProject: {
    title: { 'zh-CN': '项目删除', 'en-US': 'Project deleted' },
    text: {
      'zh-CN': '{username} 删除了项目「{projectName}」',
      'en-US': '{username} deleted the project "{projectName}"',
    },
  },
  changeProjectMember: {
    title: { 'zh-CN': '项目调整', 'en-US': 'Project role changed' },
    text: {
      'zh-CN': '{username} 将你在项目「{projectName}」的角色调整为{role}',
      'en-US': '{username} changed your role in the project "{projectName}" to {role}',
    },
  },
  changeProjectPermission: {
    title: { 'zh-CN': '项目调整', 'en-US': 'Project permissions changed' },
    text: {
      'zh-CN': '{username} 将项目「{projectName}」的权限模式改为{role}',
      'en-US': '{username} set the permission mode of the project "{projectName}" to {role}',
    },
  },
  notifyProject: {
    title: { 'zh-CN': '项目通知', 'en-US': 'Project notice' },
    text: {
      'zh-CN': '{username} 在项目「{projectName}」发布了通知：{content}',
      'en-US': '{username} posted a notice in the project "{projectName}": {content}',
    },
  },
  addProjectMember: {
    title: { 'zh-CN': '项目邀请', 'en-US': 'Project invitation' },
    text: {
      'zh-CN': '{username} 邀请你加入项目「{projectName}」，角色为{role}',
      'en-US': '{username} added you to the project "{projectName}" as {role}',
    },
  },
  removeImage: {
    title: { 'zh-CN': '设计稿删除', 'en-US': 'Designs deleted' },
    text: {
      'zh-CN': '{username} 将「{content}」移入了项目「{projectName}」的回收站',
      'en-US': '{username} moved "{content}" to the recycle bin of the project "{projectName}"',
    },
  },
  addProduct: {
    title: { 'zh-CN': '新增文档', 'en-US': 'New document' },
    text: {
      'zh-CN': '{username} 在项目「{projectName}」新增了文档「{content}」',
      'en-US': '{username} added the document "{content}" to the project "{projectName}"',
    },
  },
  updateProduct: {
    title: { 'zh-CN': '文档更新', 'en-US': 'Document updated' },
    text: {
      'zh-CN': '{username} 更新了项目「{projectName}」的文档「{content}」',
      'en-US': '{username} updated the document "{content}" in the project "{projectName}"',
    },
  },
  assignWalkthroughIssue: {
    title: { 'zh-CN': '{username} 给你指派了走查问题', 'en-US': '{username} assigned you a design QA issue' },
    text: {
      'zh-CN': '项目「{projectName}」：{content}',
      'en-US': 'In the project "{projectName}": {content}',
    },
  },
  solveWalkthroughIssue: {
    title: { 'zh-CN': '{username} 解决了走查问题', 'en-US': '{username} solved a design QA issue' },
    text: {
      'zh-CN': '项目「{projectName}」：{content}',
      'en-US': 'In the project "{projectName}": {content}',
    },
  },
  reopenWalkthroughIssue: {
    title: { 'zh-CN': '{username} 重新打开了走查问题', 'en-US': '{username} reopened a design QA issue' },
    text: {
      'zh-CN': '项目「{projectName}」：{content}',
      'en-US': 'In the project "{projectName}": {content}',
    },
  },
  // {changes}: what changed since the version compared, in the reader's language (changesWording).
  updateImageVersion: {
    title: { 'zh-CN': '设计稿有新版本', 'en-US': 'New design version' },
    text: {
      'zh-CN': '「{content}」有新版本：{changes}',
      'en-US': '"{content}" has a new version: {changes}',
    },
  },
};

export const DEFAULT_SOURCE_TYPE = 'ts';
const TEMPLATES: Record<string, typeof TS_TEMPLATES> = { ts: TS_TEMPLATES };

/** The templates of a source type (the default one for any other), as `GET msg_center/templates` answers. */
export function templatesFor(sourceType = DEFAULT_SOURCE_TYPE) {
  const templates = TEMPLATES[sourceType] ?? TS_TEMPLATES;
  const entries = Object.entries(templates).map(([method, template]) => [
    method,
    { kind: NOTICE_KINDS[method as NoticeMethod], ...template },
  ]);
  return {
    source_type: TEMPLATES[sourceType] ? sourceType : DEFAULT_SOURCE_TYPE,
    templates: Object.fromEntries(entries) as Record<NoticeMethod, NoticeTemplate>,
  };
}

const PROJECT_ROLE_NAMES: Record<string, Wording> = {
  admin: { 'zh-CN': '项目管理员', 'en-US': 'project admin' },
  member: { 'zh-CN': '项目成员', 'en-US': 'project member' },
  onlooker: { 'zh-CN': '项目查看者', 'en-US': 'project viewer' },
};
const MODE_NAMES: Record<string, Wording> = {
  A: { 'zh-CN': '模式 A：按团队角色', 'en-US': 'mode A: by team role' },
  B: { 'zh-CN': '模式 B：按项目角色', 'en-US': 'mode B: by project role' },
};

/** The {role} variable: a team role, a project role or a permission mode, in the reader's language. */
function roleWording(message: RealtimeMessage, lang: Lang): string {
  if (message.method === 'changeProjectPermission') return MODE_NAMES[message.type]?.[lang] ?? message.type;
  if (message.method === 'changeTeamJurisdiction') {
    const names = roleNames[message.type as TeamRole];
    return names ? (lang === 'zh-CN' ? names.zh : names.en) : message.type;
  }
  return PROJECT_ROLE_NAMES[message.type]?.[lang] ?? message.type;
}

const NOT_COMPARED: Wording = {
  'zh-CN': '未能对比图层变化',
  'en-US': 'its layer changes could not be compared',
};

/** The {changes} variable of a new version's notice: the change counts in the reader's language. */
function changesWording(message: RealtimeMessage, lang: Lang): string {
  if (!message.compare) return '';
  const { summary } = message.compare;
  return summary ? describeDiffSummary(summary, lang) : NOT_COMPARED[lang];
}

const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);

/**
 * The title and text of a notice in a language. The sender's name (the team nickname when set) is cut to
 * 6 characters, to 3 in a comment's title (spec 002 §9).
 */
export function renderNotice(message: RealtimeMessage, lang: Lang, sourceType = DEFAULT_SOURCE_TYPE) {
  const template = (TEMPLATES[sourceType] ?? TS_TEMPLATES)[message.method];
  const sender = message.fromNickName || message.fromUserName;
  const isComment = message.method === 'addNewComment' || message.method === 'replyComment';
  const vars = {
    username: cut(sender, NoticeLimits.senderNameMax, '…'),
    teamName: message.teamName,
    projectName: message.projectName,
    role: roleWording(message, lang),
    content: message.content,
    changes: changesWording(message, lang),
  };
  const titleName = isComment ? NoticeLimits.senderNameInTitleMax : NoticeLimits.senderNameMax;
  const title = (message.hasAt && template.mentionTitle) || template.title;
  return {
    title: fill(title[lang], { ...vars, username: cut(sender, titleName, '…') }),
    text: fill(template.text[lang], vars),
  };
}
