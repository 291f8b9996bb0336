import { WALKTHROUGH_SEVERITIES, WalkthroughLimits } from '@ferry/shared';
import { Form, Input, Modal, Select } from 'antd';
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IssueFields, WalkthroughSeverity } from '../../../api/walkthrough';
import { useWalkthroughWords } from '../WalkthroughTags';

/** What the dialog is for: a rectangle just drawn, an issue changed, or a proposed difference accepted. */
export type IssueDialogKind = 'new' | 'edit' | 'accept';

interface IssueForm {
  description: string;
  assignee_id: string | undefined;
  severity: WalkthroughSeverity;
}

/**
 * Asks an issue's description, assignee (the page's people, or nobody) and severity. Accepting a proposal
 * may leave the description empty: the design's expectation stands for it. The call's refusal is shown by
 * the caller; the dialog stays open for another try.
 */
export function IssueDialog({
  open,
  kind,
  initial,
  hint,
  assignees,
  onSubmit,
  onClose,
}: {
  open: boolean;
  kind: IssueDialogKind;
  initial?: Partial<IssueForm>;
  /** Shown above the form: what the design expects there. */
  hint?: string;
  assignees: { id: string; name: string }[];
  /** Answers whether it was saved. */
  onSubmit: (fields: IssueFields & { description?: string }) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const words = useWalkthroughWords();
  const [form] = Form.useForm<IssueForm>();
  const [saving, setSaving] = useState(false);

  useLayoutEffect(() => {
    if (open)
      form.setFieldsValue({
        description: initial?.description ?? '',
        assignee_id: initial?.assignee_id ?? undefined,
        severity: initial?.severity ?? 'medium',
      });
  }, [open, initial?.description, initial?.assignee_id, initial?.severity, form]);

  const submit = async (values: IssueForm) => {
    setSaving(true);
    try {
      const description = (values.description ?? '').trim();
      const saved = await onSubmit({
        ...(description ? { description } : {}),
        // Cleared on an existing issue unassigns it.
        assignee_id: values.assignee_id ?? (kind === 'edit' ? null : undefined),
        severity: values.severity,
      });
      if (saved) onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(`walkthrough.issue.dialog.${kind}`)}
      okText={t(kind === 'accept' ? 'walkthrough.candidate.accept' : 'common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'wt-issue-save' }}
      destroyOnHidden
    >
      <div data-testid="wt-issue-dialog">
        {hint ? (
          <p className="wt-dialog-hint" data-testid="wt-issue-hint">
            {hint}
          </p>
        ) : null}
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="description"
            label={t('walkthrough.issue.description')}
            rules={[
              {
                required: kind !== 'accept',
                whitespace: true,
                message: t('walkthrough.issue.descriptionRequired'),
              },
              { max: WalkthroughLimits.descriptionMaxLength },
            ]}
          >
            <Input.TextArea
              autoFocus
              autoSize={{ minRows: 3, maxRows: 8 }}
              maxLength={WalkthroughLimits.descriptionMaxLength}
              placeholder={t(
                kind === 'accept' ? 'walkthrough.issue.acceptPlaceholder' : 'walkthrough.issue.placeholder',
              )}
              data-testid="wt-issue-input"
            />
          </Form.Item>
          <Form.Item name="assignee_id" label={t('walkthrough.issue.assignee')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('walkthrough.issue.unassigned')}
              options={assignees.map((person) => ({ value: person.id, label: person.name }))}
              data-testid="wt-issue-assignee"
            />
          </Form.Item>
          <Form.Item name="severity" label={t('walkthrough.issue.severity')}>
            <Select
              options={WALKTHROUGH_SEVERITIES.map((severity) => ({
                value: severity,
                label: words('severity', severity),
              }))}
              data-testid="wt-issue-severity"
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
