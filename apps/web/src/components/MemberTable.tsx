import { Table, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../state/session';
import { MemberAvatar } from './MemberAvatar';
import { RemoveMemberButton } from './RemoveMemberButton';
import { rowAttributes } from './tableRows';

export interface MemberRow {
  user_id: string;
  name: string;
  email: string;
  color: string;
  avatar?: string;
}

export interface MemberRemoval<Member> {
  allowed: (member: Member) => boolean;
  title: (member: Member) => string;
  description: string;
  testId: string;
  onConfirm: (member: Member) => Promise<unknown>;
}

/** The e-mail column, placed by each table where it reads best. */
export function emailColumn<Member extends MemberRow>(title: string): TableColumnsType<Member>[number] {
  return { key: 'email', title, dataIndex: 'email', ellipsis: true };
}

/**
 * The members table of a team or a project: the person (avatar, name, "you") first, the page's own columns,
 * and the remove action last, offered only where `removal.allowed` says so.
 */
export function MemberTable<Member extends MemberRow>({
  members,
  columns,
  removal,
  nameNote,
  loading,
  failed,
  rowTestId,
  pagination = false,
  className,
}: {
  members: Member[];
  columns: TableColumnsType<Member>;
  removal: MemberRemoval<Member>;
  /** Shown after the name, e.g. the team nickname. */
  nameNote?: (member: Member) => ReactNode;
  loading: boolean;
  failed: boolean;
  rowTestId: string;
  pagination?: TableProps<Member>['pagination'];
  className?: string;
}) {
  const { t } = useTranslation();
  const { userId } = useSession();
  const all: TableColumnsType<Member> = [
    {
      key: 'name',
      title: t('members.name'),
      width: 220,
      render: (_value, member) => (
        <div className="member-cell">
          <MemberAvatar name={member.name} color={member.color} avatar={member.avatar} />
          <span className="member-cell-name" data-testid="member-name">
            {member.name}
            {nameNote?.(member)}
            {member.user_id === userId ? <span className="member-cell-you">{t('members.you')}</span> : null}
          </span>
        </div>
      ),
    },
    ...columns,
    {
      key: 'actions',
      title: t('members.actions'),
      align: 'right',
      width: 100,
      render: (_value, member) =>
        removal.allowed(member) ? (
          <RemoveMemberButton
            title={removal.title(member)}
            description={removal.description}
            testId={removal.testId}
            onConfirm={() => removal.onConfirm(member)}
          />
        ) : null,
    },
  ];
  return (
    <Table<Member>
      className={className}
      rowKey="user_id"
      columns={all}
      dataSource={members}
      loading={loading}
      pagination={pagination}
      onRow={(member) => rowAttributes(rowTestId, { 'data-user-id': member.user_id })}
      locale={{ emptyText: failed ? t('common.loadFailed') : t('members.empty') }}
    />
  );
}
