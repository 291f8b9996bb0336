import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import {
  DEFAULT_DEPARTMENT_NAME,
  type Department,
  Limits,
  nameSchema,
  type TeamInfo,
  UNGROUPED_DEPARTMENT,
} from '@ferry/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Avatar, Button, Checkbox, Empty, Form, Input, Modal, Popconfirm, Spin, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DepartmentChange, teamsApi } from '../../api/teams';
import { useLang } from '../../components/hooks';
import { MemberAvatar } from '../../components/MemberAvatar';
import { useFailureToast } from '../../components/useFailureToast';
import { schemaRule } from '../../forms/rules';
import { queryClient } from '../../queryClient';
import { refreshPeople, teamKeys } from '../../state/teamQueries';

const isUngrouped = (department: Department) =>
  department.type === 'ungrouped' || department.id === UNGROUPED_DEPARTMENT.id;

/** Departments in the server's order, the ungrouped pseudo-department always last. */
export function orderDepartments(list: readonly Department[]): Department[] {
  return [...list.filter((d) => !isUngrouped(d)), ...list.filter(isUngrouped)];
}

/** 新部门, or 新部门2, 新部门3… when the name is taken (names are unique in a team). */
export function freeDepartmentName(list: readonly Department[]): string {
  const taken = new Set(list.map((department) => department.name));
  if (!taken.has(DEFAULT_DEPARTMENT_NAME)) return DEFAULT_DEPARTMENT_NAME;
  for (let n = 2; ; n += 1) {
    const name = `${DEFAULT_DEPARTMENT_NAME}${n}`;
    if (!taken.has(name)) return name;
  }
}

/** One change of PUT account/department with empty member moves. */
const change = (departmentId: string, fields: Partial<DepartmentChange> = {}): DepartmentChange => ({
  department_id: departmentId,
  add_users: [],
  rm_users: [],
  ...fields,
});

function RenameDialog({
  department,
  onClose,
  onSave,
  saving,
}: {
  department: Department | null;
  onClose: () => void;
  onSave: (name: string) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (department) form.setFieldsValue({ name: department.name });
  }, [department, form]);
  return (
    <Modal
      open={department !== null}
      title={t('departments.renameTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'dept-rename-save' }}
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={({ name }) => onSave(name.trim())}>
        <Form.Item
          name="name"
          label={t('departments.name')}
          rules={[schemaRule(nameSchema, lang)]}
          extra={t('common.objectNameRules', { max: Limits.nameMaxLength })}
        >
          <Input data-testid="dept-rename-input" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Who is in a department: every member of the team, ticked when inside; saving moves them in and out. */
function MembersDialog({
  department,
  all,
  onClose,
  onSave,
  saving,
}: {
  department: Department | null;
  all: readonly Department[];
  onClose: () => void;
  onSave: (add: string[], remove: string[]) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState<string[]>([]);
  const people = useMemo(
    () =>
      all.flatMap((d) =>
        d.users.map((user) => ({
          ...user,
          departmentId: d.id,
          departmentName: isUngrouped(d) ? '' : d.name,
        })),
      ),
    [all],
  );
  useEffect(() => {
    setChecked(department ? department.users.map((user) => user.user_id) : []);
  }, [department]);
  if (!department) return null;
  const before = new Set(department.users.map((user) => user.user_id));
  const save = () => {
    const now = new Set(checked);
    onSave(
      checked.filter((id) => !before.has(id)),
      [...before].filter((id) => !now.has(id)),
    );
  };
  return (
    <Modal
      open
      title={t('departments.membersTitle', { name: department.name })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'dept-members-save' }}
    >
      <p className="muted">{t('departments.membersHint')}</p>
      <Checkbox.Group
        className="dept-people"
        value={checked}
        onChange={(values) => setChecked(values as string[])}
        data-testid="dept-members-dialog"
      >
        {people.map((person) => (
          <Checkbox key={person.user_id} value={person.user_id} className="dept-person">
            <span
              className="dept-person-label"
              data-testid="dept-member-option"
              data-user-id={person.user_id}
            >
              <MemberAvatar name={person.name} color={person.color} size={22} />
              <span className="dept-person-name">{person.name}</span>
              {person.departmentId !== department.id && person.departmentName ? (
                <span className="muted">{t('departments.now', { name: person.departmentName })}</span>
              ) : null}
            </span>
          </Checkbox>
        ))}
      </Checkbox.Group>
    </Modal>
  );
}

/**
 * Departments (spec 000 §3, §7): the list with member counts; admins create (default name 新部门),
 * rename, reorder, move members in and out, and delete. The ungrouped pseudo-department comes last
 * and has no actions of its own.
 */
export function DepartmentsTab({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const failure = useFailureToast(message);
  const teamId = team.id;
  const canEdit = team.abilities.can_manage_members;
  const [renaming, setRenaming] = useState<Department | null>(null);
  const [editingMembers, setEditingMembers] = useState<Department | null>(null);

  const query = useQuery({
    queryKey: teamKeys.departments(teamId),
    queryFn: () => teamsApi.departments(teamId),
  });
  const list = orderDepartments(query.data ?? []);
  const normal = list.filter((d) => !isUngrouped(d));

  const afterChange = (fresh?: Department[]) => {
    if (fresh) queryClient.setQueryData(teamKeys.departments(teamId), fresh);
    refreshPeople(teamId);
  };

  const create = useMutation({
    mutationFn: () =>
      teamsApi.createDepartment({
        team_id: teamId,
        name: freeDepartmentName(list),
        order_index: normal.length,
      }),
    onSuccess: (created) => {
      void message.success(t('departments.created', { name: created.name }));
      afterChange();
    },
    onError: failure,
  });

  const update = useMutation({
    mutationFn: (departments: DepartmentChange[]) =>
      teamsApi.updateDepartments({ team_id: teamId, departments }),
    onSuccess: (fresh) => {
      setRenaming(null);
      setEditingMembers(null);
      afterChange(fresh);
    },
    onError: failure,
  });

  const remove = useMutation({
    mutationFn: (department: Department) =>
      teamsApi.deleteDepartment({ team_id: teamId, department_id: department.id }),
    onSuccess: (_answer, department) => {
      void message.success(t('departments.deleted', { name: department.name }));
      afterChange();
    },
    // A failed delete answers HTTP 400 with its code and message: shown as it is.
    onError: failure,
  });

  /** Moves a department one place up or down, renumbering every department's order. */
  const move = (index: number, by: -1 | 1) => {
    const next = [...normal];
    const [taken] = next.splice(index, 1);
    next.splice(index + by, 0, taken);
    update.mutate(next.map((d, order) => change(d.id, { order_index: order })));
  };

  return (
    <div className="team-tab" data-testid="departments-tab">
      <div className="team-toolbar">
        <span className="team-toolbar-count">{t('departments.count', { count: normal.length })}</span>
        {canEdit ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            loading={create.isPending}
            onClick={() => create.mutate()}
            data-testid="dept-create"
          >
            {t('departments.create')}
          </Button>
        ) : null}
      </div>
      {query.isPending ? (
        <div className="center-card-loading">
          <Spin />
        </div>
      ) : list.length === 0 ? (
        <Empty description={t('departments.empty')} />
      ) : (
        <ul className="dept-list">
          {list.map((department) => {
            const ungrouped = isUngrouped(department);
            const index = normal.indexOf(department);
            return (
              <li
                key={department.id}
                className={`dept-item${ungrouped ? ' is-ungrouped' : ''}`}
                data-testid="dept-row"
                data-department-id={department.id}
              >
                <div className="dept-main">
                  <span className="dept-name" data-testid="dept-name">
                    {ungrouped ? t('departments.ungrouped') : department.name}
                  </span>
                  <span className="dept-count" data-testid="dept-count">
                    {t('departments.members', { count: department.user_count })}
                  </span>
                  <Avatar.Group max={{ count: 5 }} size={22}>
                    {department.users.map((user) => (
                      <MemberAvatar key={user.user_id} name={user.name} color={user.color} size={22} />
                    ))}
                  </Avatar.Group>
                </div>
                {canEdit && !ungrouped ? (
                  <div className="dept-actions">
                    <Tooltip title={t('departments.up')}>
                      <Button
                        type="text"
                        size="small"
                        icon={<ArrowUpOutlined />}
                        aria-label={t('departments.up')}
                        disabled={index <= 0 || update.isPending}
                        onClick={() => move(index, -1)}
                        data-testid="dept-up"
                      />
                    </Tooltip>
                    <Tooltip title={t('departments.down')}>
                      <Button
                        type="text"
                        size="small"
                        icon={<ArrowDownOutlined />}
                        aria-label={t('departments.down')}
                        disabled={index >= normal.length - 1 || update.isPending}
                        onClick={() => move(index, 1)}
                        data-testid="dept-down"
                      />
                    </Tooltip>
                    <Button
                      type="text"
                      size="small"
                      icon={<TeamOutlined />}
                      onClick={() => setEditingMembers(department)}
                      data-testid="dept-members"
                    >
                      {t('departments.manageMembers')}
                    </Button>
                    <Button
                      type="text"
                      size="small"
                      icon={<EditOutlined />}
                      onClick={() => setRenaming(department)}
                      data-testid="dept-rename"
                    >
                      {t('departments.rename')}
                    </Button>
                    <Popconfirm
                      title={t('departments.deleteTitle', { name: department.name })}
                      description={t('departments.deleteText')}
                      okText={t('departments.delete')}
                      cancelText={t('common.cancel')}
                      okButtonProps={{ danger: true, 'data-testid': 'dept-delete-confirm' }}
                      onConfirm={() => remove.mutateAsync(department).catch(() => {})}
                    >
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        data-testid="dept-delete"
                      >
                        {t('departments.delete')}
                      </Button>
                    </Popconfirm>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <RenameDialog
        department={renaming}
        saving={update.isPending}
        onClose={() => setRenaming(null)}
        onSave={(name) => renaming && update.mutate([change(renaming.id, { name })])}
      />
      <MembersDialog
        department={editingMembers}
        all={list}
        saving={update.isPending}
        onClose={() => setEditingMembers(null)}
        onSave={(add, rm) =>
          editingMembers && update.mutate([change(editingMembers.id, { add_users: add, rm_users: rm })])
        }
      />
    </div>
  );
}
