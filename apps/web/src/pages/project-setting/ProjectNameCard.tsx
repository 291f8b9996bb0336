import { Limits, nameSchema, type ProjectCard } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { updateProject } from '../../api/projects';
import { useLang } from '../../components/hooks';
import { formatTime } from '../../components/time';
import { formErrorText } from '../../forms/errors';
import { schemaRule } from '../../forms/rules';

/**
 * The project's name under the shared rules (not empty, at most 50 characters, no spaces); a name taken in the
 * team (19031) shows under the field. Editors rename; everyone sees the name, type and dates.
 */
export function ProjectNameCard({
  project,
  onChange,
}: {
  project: ProjectCard;
  onChange: (card: ProjectCard) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const canEdit = project.abilities.can_edit;

  const rename = useMutation({
    mutationFn: (name: string) =>
      updateProject({ team_id: project.team_id, project_id: project.project_id, name }),
    onSuccess: (card) => {
      onChange(card);
      void message.success(t('projectSetting.renamed'));
    },
    onError: (error) => {
      const text = formErrorText(error, t('common.requestFailed'));
      if (text) form.setFields([{ name: 'name', errors: [text] }]);
    },
  });

  return (
    <Card title={t('projectSetting.info')} className="settings-card" data-testid="project-name-card">
      {canEdit ? (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          className="project-name-form"
          initialValues={{ name: project.name }}
          key={project.name}
          onFinish={({ name }) => {
            if (name.trim() !== project.name) rename.mutate(name.trim());
          }}
        >
          <Form.Item
            name="name"
            label={t('projectSetting.name')}
            rules={[schemaRule(nameSchema, lang)]}
            extra={t('projectSetting.nameRules')}
          >
            <Input maxLength={Limits.nameMaxLength + 10} data-testid="project-rename-input" />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={rename.isPending}
            data-testid="project-rename-save"
          >
            {t('common.save')}
          </Button>
        </Form>
      ) : null}
      <Descriptions
        column={1}
        size="small"
        className="project-info-list"
        items={[
          ...(canEdit
            ? []
            : [
                {
                  key: 'name',
                  label: t('projectSetting.name'),
                  children: <span data-testid="project-name-readonly">{project.name}</span>,
                },
              ]),
          {
            key: 'type',
            label: t('projectSetting.type'),
            children: t(`projectSetting.types.${project.type}`),
          },
          {
            key: 'created',
            label: t('projectSetting.created'),
            children: formatTime(project.create_time, lang),
          },
          {
            key: 'updated',
            label: t('projectSetting.updated'),
            children: formatTime(project.update_time, lang),
          },
        ]}
      />
    </Card>
  );
}
