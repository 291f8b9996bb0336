import type { ProjectMember, ProjectRoleValue, TeamMember } from '@ferry/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { projectSettingsApi } from '../../api/projectSettings';
import { teamsApi } from '../../api/teams';
import { MemberAvatar } from '../../components/MemberAvatar';
import { useRoleLabel } from '../../components/roles';
import { formErrorText } from '../../forms/errors';
import { queryClient } from '../../queryClient';
import { teamKeys } from '../../state/teamQueries';
import { type ProjectRef, settingKeys } from './shared';

/** The most team members one search shows (the team member call's page limit). */
const PICKER_PAGE_SIZE = 100;

/**
 * Adds members of the team to the project with one role (POST project/project_user). The picker searches the
 * team's members by name or e-mail and leaves out those already in the project; the roles offered are the
 * ones below the caller's own.
 */
export function AddMembersDialog({
  project,
  members,
  roles,
  open,
  onClose,
}: {
  project: ProjectRef;
  members: readonly ProjectMember[];
  roles: readonly ProjectRoleValue[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const roleLabel = useRoleLabel();
  const [form] = Form.useForm<{ user_ids: string[]; role: ProjectRoleValue }>();
  const [keyword, setKeyword] = useState('');
  const defaultRole: ProjectRoleValue = roles.includes('member') ? 'member' : (roles[0] ?? 'onlooker');

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ user_ids: [], role: defaultRole });
    setKeyword('');
  }, [open, defaultRole, form]);

  const teamUsers = useQuery({
    queryKey: [...teamKeys.members(project.team_id), 'picker', keyword],
    queryFn: () =>
      teamsApi.users({ team_id: project.team_id, keyword, page_num: 1, page_size: PICKER_PAGE_SIZE }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  // People already picked stay listed (with their names) when a new search no longer finds them.
  const seen = useRef(new Map<string, TeamMember>());
  for (const user of teamUsers.data?.list ?? []) seen.current.set(user.user_id, user);
  const picked: string[] = Form.useWatch('user_ids', form) ?? [];
  const inProject = new Set(members.map((member) => member.user_id));
  const found = (teamUsers.data?.list ?? []).filter((user) => !inProject.has(user.user_id));
  const kept = picked
    .filter((id) => !found.some((user) => user.user_id === id))
    .flatMap((id) => seen.current.get(id) ?? []);
  const candidates = [...found, ...kept];

  const add = useMutation({
    mutationFn: (values: { user_ids: string[]; role: ProjectRoleValue }) =>
      projectSettingsApi.addMembers({ ...project, ...values }),
    onSuccess: (list, values) => {
      queryClient.setQueryData(settingKeys.members(project.team_id, project.project_id), list);
      void message.success(t('projectSetting.membersAdded', { count: values.user_ids.length }));
      onClose();
    },
    onError: (error) => {
      const text = formErrorText(error, t('common.requestFailed'));
      if (text) form.setFields([{ name: 'user_ids', errors: [text] }]);
    },
  });

  return (
    <Modal
      open={open}
      title={t('projectSetting.addMembers')}
      okText={t('projectSetting.add')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'add-members-save' }}
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => add.mutate(values)}>
        <Form.Item
          name="user_ids"
          label={t('projectSetting.pickMembers')}
          rules={[
            { required: true, type: 'array', min: 1, message: t('projectSetting.pickMembersRequired') },
          ]}
        >
          <Select
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: (value) => setKeyword(value.trim()) }}
            loading={teamUsers.isFetching}
            placeholder={t('projectSetting.pickMembersPlaceholder')}
            notFoundContent={teamUsers.isFetching ? null : t('projectSetting.noCandidates')}
            optionLabelProp="name"
            options={candidates.map((user) => ({
              value: user.user_id,
              name: user.name,
              label: (
                <span className="member-option">
                  <MemberAvatar name={user.name} color={user.color} avatar={user.avatar} size={22} />
                  <span>{user.name}</span>
                  <span className="muted">{user.email}</span>
                </span>
              ),
            }))}
            data-testid="add-members-picker"
          />
        </Form.Item>
        <Form.Item name="role" label={t('projectSetting.role')}>
          <Select
            options={roles.map((role) => ({ value: role, label: roleLabel(role) }))}
            data-testid="add-members-role"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
