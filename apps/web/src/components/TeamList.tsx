import { CheckOutlined } from '@ant-design/icons';
import type { TeamInfo } from '@ferry/shared';
import { roleNames } from '@ferry/shared';
import { useTranslation } from 'react-i18next';
import { teamIdOf } from '../state/redirect';
import { useLang } from './hooks';

const palette = ['#2878ff', '#13a8a8', '#7a5af8', '#f79009', '#e0457b', '#12b76a', '#2e90fa', '#ef6820'];

function colourFor(text: string): string {
  let hash = 0;
  for (const ch of text) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return palette[hash % palette.length];
}

export function TeamAvatar({
  team,
  size = 32,
}: {
  team: Pick<TeamInfo, 'name' | 'id'> & { avatar?: string };
  size?: number;
}) {
  const initial = Array.from(team.name.trim())[0]?.toUpperCase() ?? '?';
  if (team.avatar) {
    return (
      <img
        className="team-avatar is-image"
        src={team.avatar}
        alt=""
        width={size}
        height={size}
        aria-hidden="true"
      />
    );
  }
  return (
    <span
      className="team-avatar"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.45,
        background: colourFor(team.id || team.name),
      }}
      aria-hidden="true"
    >
      {initial}
    </span>
  );
}

export function useRoleName() {
  const lang = useLang();
  return (team: TeamInfo): string => {
    const known = roleNames[team.role?.type];
    if (known) return lang === 'zh-CN' ? known.zh : known.en;
    return team.role?.name ?? '';
  };
}

/** The user's teams with their role; the current one is checked. Shared by the popup and the switch page. */
export function TeamList({
  teams,
  currentId,
  onSelect,
}: {
  teams: readonly TeamInfo[];
  currentId: string | null | undefined;
  onSelect: (team: TeamInfo) => void;
}) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  return (
    <ul className="team-list">
      {teams.map((team) => {
        const id = teamIdOf(team);
        const current = id === currentId;
        return (
          <li key={id}>
            <button
              type="button"
              className={`team-list-item${current ? ' is-current' : ''}`}
              data-testid="team-switch-item"
              data-team-id={id}
              aria-current={current ? 'true' : undefined}
              onClick={() => onSelect(team)}
            >
              <TeamAvatar team={team} />
              <span className="team-list-main">
                <span className="team-list-name" title={team.name}>
                  {team.name}
                </span>
                <span className="team-list-meta">
                  {roleName(team)}
                  {typeof team.member_count === 'number'
                    ? ` · ${t('team.memberCount', { count: team.member_count })}`
                    : ''}
                </span>
              </span>
              {current ? <CheckOutlined className="team-list-check" aria-label={t('team.current')} /> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
