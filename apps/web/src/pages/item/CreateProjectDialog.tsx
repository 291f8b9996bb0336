import {
  Codes,
  codeMessage,
  Limits,
  nameSchema,
  PROJECT_TYPES,
  type ProjectCard,
  type ProjectType,
  ruleMessage,
} from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Form, type FormRule, Input, Modal, Radio } from 'antd';
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkRepeatedName, createProject, projectKeys } from '../../api/projects';
import { useDebounced, useLang } from '../../components/hooks';
import { formErrorText } from '../../forms/errors';
import { ruleKeyFor } from '../../forms/rules';
import { useProjectLimitPrompt } from './refusals';

/** How long typing pauses before the name is checked against the team's projects. */
export const NAME_CHECK_DELAY_MS = 300;

/** Whether a valid name is already a project of the team, asked while the user types. */
function useNameTaken(teamId: string, name: string): boolean {
  const settled = useDebounced(name, NAME_CHECK_DELAY_MS);
  const valid = settled !== '' && ruleKeyFor(nameSchema, settled) === null;
  const check = useQuery({
    queryKey: [...projectKeys.all(teamId), 'repeated', settled],
    queryFn: () => checkRepeatedName({ team_id: teamId, name: settled }),
    enabled: valid,
    staleTime: 0,
  });
  return valid && settled === name && Boolean(check.data?.repeated);
}

interface Values {
  name: string;
  type: ProjectType;
}

/**
 * A new project in the selected folder: the name is optional (the server names it 未命名), the type mobile,
 * web or design system. The name is checked for duplicates as it is typed; the project limit asks for an
 * upgrade instead of failing the form.
 */
export function CreateProjectDialog({
  teamId,
  folderId,
  defaultType,
  open,
  onClose,
  onCreated,
}: {
  teamId: string;
  folderId: string | null;
  defaultType: ProjectType;
  open: boolean;
  onClose: () => void;
  onCreated: (project: ProjectCard) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { modal } = App.useApp();
  const promptLimit = useProjectLimitPrompt(modal);
  const [form] = Form.useForm<Values>();
  const name = (Form.useWatch('name', form) ?? '') as string;
  const taken = useNameTaken(teamId, name);
  const [saving, setSaving] = useState(false);

  useLayoutEffect(() => {
    if (open) form.setFieldsValue({ name: '', type: defaultType });
  }, [open, defaultType, form]);

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const created = await createProject({
        team_id: teamId,
        name: values.name || undefined,
        type: values.type,
        folder_id: folderId,
      });
      onCreated(created);
      onClose();
    } catch (error) {
      if (promptLimit(error)) {
        onClose();
        return;
      }
      const text = formErrorText(error, t('common.requestFailed'));
      if (text) form.setFields([{ name: 'name', errors: [text] }]);
    } finally {
      setSaving(false);
    }
  };

  const takenText = codeMessage(Codes.PROJECT_NAME_EXISTS, lang);
  // Empty is allowed (the server picks the default name); anything typed follows the shared name rules.
  const optionalName: FormRule = {
    validator: async (_rule, value: string | undefined) => {
      const key = value ? ruleKeyFor(nameSchema, value) : null;
      if (key) throw new Error(ruleMessage(key, lang));
    },
  };
  return (
    <Modal
      open={open}
      title={t('projects.createTitle')}
      okText={t('projects.create')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: taken, 'data-testid': 'project-create-save' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: '', type: defaultType }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="name"
          label={t('projects.name')}
          extra={t('projects.nameHint', { max: Limits.nameMaxLength })}
          validateStatus={taken ? 'error' : undefined}
          help={taken ? <span data-testid="project-name-taken">{takenText}</span> : undefined}
          rules={[optionalName]}
        >
          <Input
            autoFocus
            maxLength={Limits.nameMaxLength + 10}
            placeholder={t('item.namePlaceholder')}
            data-testid="project-create-name"
          />
        </Form.Item>
        <Form.Item name="type" label={t('projects.type')}>
          <Radio.Group optionType="button" buttonStyle="solid" data-testid="project-create-type">
            {PROJECT_TYPES.map((type) => (
              <Radio.Button key={type} value={type}>
                <span data-testid={`project-type-${type}`}>{t(`projects.types.${type}`)}</span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
