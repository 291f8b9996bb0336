import { type Lang, roleNames, type TeamInfo, type TeamRole } from '@ferry/shared';
import type { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../components/hooks';
import { formErrorText } from '../../forms/errors';
import { queryClient } from '../../queryClient';
import { teamIdOf } from '../../state/redirect';
import { getSession, setTeams } from '../../state/session';

/** Query keys of one team's data; every key starts with ['team', teamId] so leaving a team drops them all. */
export const teamKeys = {
  all: (teamId: string) => ['team', teamId] as const,
  members: (teamId: string) => ['team', teamId, 'members'] as const,
  departments: (teamId: string) => ['team', teamId, 'departments'] as const,
  applies: (teamId: string) => ['team', teamId, 'applies'] as const,
  applyCount: (teamId: string) => ['team', teamId, 'applyCount'] as const,
  inviteLink: (teamId: string) => ['team', teamId, 'inviteLink'] as const,
  quota: (teamId: string) => ['team', teamId, 'quota'] as const,
};

export function roleLabel(role: TeamRole, lang: Lang): string {
  const names = roleNames[role];
  if (!names) return role;
  return lang === 'zh-CN' ? names.zh : names.en;
}

export function useRoleLabel() {
  const lang = useLang();
  return (role: TeamRole) => roleLabel(role, lang);
}

/** A failed call as a toast: the server's message, unless the client already reacted to it. */
export function useFailureToast(message: ReturnType<typeof App.useApp>['message']) {
  const { t } = useTranslation();
  return (error: unknown) => {
    const text = formErrorText(error, t('common.requestFailed'));
    if (text) void message.error(text);
  };
}

/** Replaces one team in the stored team list (after a rename or a new avatar). */
export function updateStoredTeam(teamId: string, change: Partial<TeamInfo>): void {
  setTeams(getSession().teams.map((team) => (teamIdOf(team) === teamId ? { ...team, ...change } : team)));
}

/** The member list, departments and the team list all change when someone joins, moves or leaves. */
export function refreshPeople(teamId: string): void {
  void queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) });
  void queryClient.invalidateQueries({ queryKey: teamKeys.departments(teamId) });
  void queryClient.invalidateQueries({ queryKey: teamKeys.quota(teamId) });
  void queryClient.invalidateQueries({ queryKey: ['teams'] });
}

/** Antd's `onRow` has no room for data attributes in its types; rows carry their test id this way. */
export function rowAttributes(testId: string, extra: Record<string, string> = {}) {
  return { 'data-testid': testId, ...extra } as React.HTMLAttributes<HTMLElement>;
}

export const formatTime = (iso: string, lang: Lang) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(lang);
};
