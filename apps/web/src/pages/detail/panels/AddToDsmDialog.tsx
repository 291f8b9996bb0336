import { type DsmFolder, DsmLimits, type Layer } from '@ferry/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { dsmApi, dsmKeys } from '../../../api/dsm';
import { formErrorText } from '../../../forms/errors';
import { queryClient } from '../../../queryClient';
import { dsmPath } from '../../dsm/paths';

/** The design a layer is taken from. */
export interface LayerSource {
  teamId: string;
  projectId: string;
  imageId: string;
  versionId: string;
}

interface Values {
  dsm_project_id: string;
  folder_id?: string | null;
  name: string;
  type: 'component' | 'icon';
}

/** A folder's path from the top, for the picker: `Buttons / Primary`. */
function folderLabels(folders: readonly DsmFolder[]): { value: string; label: string }[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const pathOf = (folder: DsmFolder): string => {
    const names = [folder.name];
    let parent = folder.parentId ? byId.get(folder.parentId) : undefined;
    // Bounded by the folder count, so a broken parent chain cannot loop.
    for (let depth = 0; parent && depth < folders.length; depth++) {
      names.unshift(parent.name);
      parent = parent.parentId ? byId.get(parent.parentId) : undefined;
    }
    return names.join(' / ');
  };
  return folders
    .map((folder) => ({ value: folder.id, label: pathOf(folder) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * "Add to design system": the selected layer becomes a component or icon of one of the team's dsm projects
 * (POST project/dsm_file with the layer as host_object); the server draws its pictures and refuses those who
 * may not edit that project, in its own words.
 */
export function AddToDsmDialog({
  layer,
  source,
  open,
  onClose,
}: {
  layer: Layer;
  source: LayerSource;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const chosen: string | undefined = Form.useWatch('dsm_project_id', form);

  const projects = useQuery({
    queryKey: dsmKeys.projects(source.teamId),
    queryFn: () => dsmApi.projects(source.teamId),
    enabled: open,
  });
  const detail = useQuery({
    queryKey: dsmKeys.project(source.teamId, chosen ?? ''),
    queryFn: () => dsmApi.project({ team_id: source.teamId, project_id: chosen ?? '' }),
    enabled: open && !!chosen,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ name: layer.name, type: layer.vector ? 'icon' : 'component', folder_id: null });
  }, [open, layer, form]);
  useEffect(() => {
    const list = projects.data ?? [];
    if (open && list.length === 1 && !form.getFieldValue('dsm_project_id'))
      form.setFieldsValue({ dsm_project_id: list[0].id });
  }, [open, projects.data, form]);

  const add = useMutation({
    mutationFn: (values: Values) =>
      dsmApi.createFiles({ team_id: source.teamId, project_id: values.dsm_project_id }, [
        {
          name: values.name.trim(),
          type: values.type,
          folder_id: values.folder_id ?? null,
          host_object: {
            project_id: source.projectId,
            image_id: source.imageId,
            version_id: source.versionId || undefined,
            layer_id: layer.id,
          },
        },
      ]),
    onSuccess: (files, values) => {
      void queryClient.invalidateQueries({ queryKey: dsmKeys.project(source.teamId, values.dsm_project_id) });
      void queryClient.invalidateQueries({ queryKey: dsmKeys.projects(source.teamId) });
      const path = dsmPath(source.teamId, values.dsm_project_id, { file: files[0]?.id });
      void message.success({
        key: 'add-to-dsm',
        duration: 6,
        content: (
          <span data-testid="add-to-dsm-done">
            {t('inspect.addedToDsm', { name: values.name.trim() })}{' '}
            <a
              // The app routes by hash: the href opens the same page in a new tab, the click stays here.
              href={`#${path}`}
              onClick={(event) => {
                event.preventDefault();
                message.destroy('add-to-dsm');
                navigate(path);
              }}
              data-testid="add-to-dsm-open"
            >
              {t('inspect.openInDsm')}
            </a>
          </span>
        ),
      });
      onClose();
    },
    onError: (error) => {
      const text = formErrorText(error, t('common.requestFailed'));
      if (text) form.setFields([{ name: 'dsm_project_id', errors: [text] }]);
    },
  });

  const folders = detail.data?.dsm_folders ?? [];
  return (
    <Modal
      open={open}
      title={t('inspect.addToDsm')}
      okText={t('inspect.addToDsmOk')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'add-to-dsm-save' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => add.mutate(values)}>
        <Form.Item
          name="dsm_project_id"
          label={t('inspect.dsmProject')}
          rules={[{ required: true, message: t('inspect.dsmProjectRequired') }]}
        >
          <Select
            loading={projects.isLoading}
            placeholder={t('inspect.dsmProjectPlaceholder')}
            notFoundContent={projects.isLoading ? null : t('inspect.noDsmProjects')}
            options={(projects.data ?? []).map((project) => ({ value: project.id, label: project.name }))}
            onChange={() => form.setFieldsValue({ folder_id: null })}
            data-testid="add-to-dsm-project"
          />
        </Form.Item>
        <Form.Item name="folder_id" label={t('inspect.dsmFolder')}>
          <Select
            allowClear
            disabled={!chosen}
            loading={detail.isLoading && !!chosen}
            placeholder={t('inspect.dsmFolderTop')}
            options={folderLabels(folders)}
            data-testid="add-to-dsm-folder"
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('inspect.dsmName')}
          rules={[{ required: true, whitespace: true, message: t('inspect.dsmNameRequired') }]}
        >
          <Input maxLength={DsmLimits.nameMaxLength} data-testid="add-to-dsm-name" />
        </Form.Item>
        <Form.Item name="type" label={t('inspect.dsmType')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'component', label: t('inspect.dsmComponent') },
              { value: 'icon', label: t('inspect.dsmIcon') },
            ]}
            data-testid="add-to-dsm-type"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
