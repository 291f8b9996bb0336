import { DownOutlined } from '@ant-design/icons';
import type { TeamRole } from '@ferry/shared';
import { Button, Dropdown, Tag } from 'antd';
import { ROLE_COLORS, useRoleLabel } from './roles';

/**
 * A member's role as a coloured tag; when the caller may give them another role, the tag opens a menu of
 * the roles offered. Test ids: `<testId>` on the tag, `<testId>-trigger` on the menu button,
 * `<optionTestId>-<role>` on each choice.
 */
export function RoleMenu<Role extends TeamRole>({
  current,
  offered,
  onPick,
  pending,
  testId,
  optionTestId,
}: {
  current: Role;
  /** The roles the caller may give this member; none but the current one shows the tag alone. */
  offered: readonly Role[];
  onPick: (role: Role) => void;
  pending: boolean;
  testId: string;
  optionTestId: string;
}) {
  const roleLabel = useRoleLabel();
  const tag = (
    <Tag color={ROLE_COLORS[current]} variant="filled" data-testid={testId}>
      {roleLabel(current)}
    </Tag>
  );
  if (!offered.some((role) => role !== current)) return tag;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [current],
        items: offered.map((role) => ({
          key: role,
          label: <span data-testid={`${optionTestId}-${role}`}>{roleLabel(role)}</span>,
        })),
        onClick: ({ key }) => {
          if (key !== current) onPick(key as Role);
        },
      }}
    >
      <Button
        type="text"
        size="small"
        className="member-role-trigger"
        loading={pending}
        data-testid={`${testId}-trigger`}
      >
        {tag}
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
