import { PlusOutlined } from '@ant-design/icons';
import { Limits, nameSchema, ruleMessage } from '@ferry/shared';
import { App, Button, Checkbox, Empty, Input, Modal, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { projectGroupsApi } from '../../../api/projectGroups';
import { useLang } from '../../../components/hooks';
import { formErrorText } from '../../../forms/errors';
import { ruleKeyFor } from '../../../forms/rules';
import { refreshGroups, useProjectGroups } from './ProjectGroupsSection';

/** What saving changes: the ticks the user flipped, against the groups the project is in now. */
export function groupChanges(before: ReadonlySet<string>, flipped: ReadonlyMap<string, boolean>) {
  const changed = [...flipped].filter(([id, on]) => on !== before.has(id));
  return {
    join: changed.filter(([, on]) => on).map(([id]) => id),
    leave: changed.filter(([, on]) => !on).map(([id]) => id),
  };
}

/**
 * Puts one project into groups and takes it out of others: every group of the team with a tick where the
 * project is in it. Saving sends PUT project/group with add_projects or rm_projects for each changed group. A
 * new group can be made here too, with the project already in it.
 */
export function ProjectGroupDialog({
  teamId,
  projectId,
  open,
  onClose,
}: {
  teamId: string;
  projectId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const groups = useProjectGroups(open ? teamId : undefined);
  const list = groups.data ?? [];
  const before = useMemo(
    () => new Set(list.filter((group) => group.project_ids.includes(projectId)).map((group) => group.id)),
    [list, projectId],
  );
  // Only the user's own flips are kept, so a refetch (after creating a group here) never loses them.
  const [flipped, setFlipped] = useState<Map<string, boolean>>(new Map());
  const [newName, setNewName] = useState('');
  const [newNameError, setNewNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) {
      setFlipped(new Map());
      setNewName('');
      setNewNameError(null);
    }
  }, [open]);

  const isTicked = (groupId: string) => flipped.get(groupId) ?? before.has(groupId);
  const toggle = (groupId: string, on: boolean) => setFlipped((current) => new Map(current).set(groupId, on));

  const create = async () => {
    const name = newName.trim();
    const ruleKey = ruleKeyFor(nameSchema, name);
    if (ruleKey) {
      setNewNameError(ruleMessage(ruleKey, lang));
      return;
    }
    setBusy(true);
    try {
      await projectGroupsApi.create({ team_id: teamId, name, project_ids: [projectId] });
      setNewName('');
      setNewNameError(null);
      void message.success(t('groups.created', { name }));
      refreshGroups(teamId);
    } catch (error) {
      setNewNameError(formErrorText(error, t('common.requestFailed')));
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    const { join, leave } = groupChanges(before, flipped);
    setBusy(true);
    try {
      for (const groupId of join)
        await projectGroupsApi.update({ team_id: teamId, group_id: groupId, add_projects: [projectId] });
      for (const groupId of leave)
        await projectGroupsApi.update({ team_id: teamId, group_id: groupId, rm_projects: [projectId] });
      if (join.length + leave.length > 0) void message.success(t('groups.projectSaved'));
      onClose();
    } catch (error) {
      const text = formErrorText(error, t('common.requestFailed'));
      if (text) void message.error(text);
    } finally {
      setBusy(false);
      refreshGroups(teamId);
    }
  };

  return (
    <Modal
      open={open}
      title={t('groups.dialogTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'project-groups-save' }}
      destroyOnHidden
    >
      <div className="group-dialog" data-testid="project-group-dialog">
        <p className="muted group-dialog-hint">{t('groups.dialogHint')}</p>
        {groups.isPending ? <Spin /> : null}
        {groups.isError ? <span className="muted">{t('common.loadFailed')}</span> : null}
        {groups.isSuccess && list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('groups.empty')} />
        ) : null}
        <div className="group-dialog-list">
          {list.map((group) => (
            <Checkbox
              key={group.id}
              checked={isTicked(group.id)}
              onChange={(event) => toggle(group.id, event.target.checked)}
              data-testid="group-option"
              data-group-id={group.id}
            >
              {group.name}
              <span className="muted group-dialog-count">
                {t('groups.projectCount', { count: group.project_ids.length })}
              </span>
            </Checkbox>
          ))}
        </div>
        <div className="group-dialog-new">
          <Input
            value={newName}
            maxLength={Limits.nameMaxLength + 10}
            placeholder={t('groups.newPlaceholder')}
            status={newNameError ? 'error' : undefined}
            onChange={(event) => {
              setNewName(event.target.value);
              setNewNameError(null);
            }}
            onPressEnter={() => void create()}
            data-testid="group-new-input"
          />
          <Button
            icon={<PlusOutlined />}
            onClick={() => void create()}
            disabled={busy}
            data-testid="group-new-add"
          >
            {t('groups.create')}
          </Button>
        </div>
        {newNameError ? (
          <div className="group-dialog-error" role="alert" data-testid="group-new-error">
            {newNameError}
          </div>
        ) : (
          <div className="muted group-dialog-hint" data-testid="group-new-hint">
            {t('common.objectNameRules', { max: Limits.nameMaxLength })}
          </div>
        )}
      </div>
    </Modal>
  );
}
