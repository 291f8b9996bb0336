import { ShareAltOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { ShareLimits, type ShareRights } from '@ferry/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Modal, Radio, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CreatedShareLinkRow, type CreateShareLinkInput, isShareKey, shareApi } from '../../api/share';
import { formErrorText } from '../../forms/errors';
import { ExpiryChoice } from './ExpiryChoice';
import { ShareCreated } from './ShareCreated';
import {
  linkedRights,
  linkPasswordRule,
  NO_RIGHTS,
  RIGHT_NAMES,
  rightsNamed,
  type ShareTarget,
  scopeOf,
} from './target';
import { useMayDownload } from './useMayDownload';
import './share-manage.css';

interface ShareForm {
  name: string;
  rights: (keyof ShareRights)[];
  password: string;
  expiry: number;
  version: 'latest' | 'this';
}

const INITIAL: ShareForm = {
  name: '',
  rights: ['inspect'],
  password: '',
  expiry: ShareLimits.defaultExpiryDays,
  version: 'latest',
};

/** The scope line at the top of the dialog: what the link will open. */
export function useTargetLabel() {
  const { t } = useTranslation();
  return (target: ShareTarget) => {
    if (target.kind === 'designs') return t('shareManage.scope.designs', { count: target.designIds.length });
    return t(`shareManage.scope.${target.kind}`, { name: target.name });
  };
}

/**
 * Making a share link (spec 002 §4): what it shares comes from where it was opened; the maker picks a name,
 * the visitors' rights, a password and the expiry, or makes a quick share at once. The created link's address
 * is shown this one time (only its hash is kept), with copy and send-by-mail.
 */
export function ShareDialog({
  target,
  open,
  onClose,
}: {
  target: ShareTarget | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const label = useTargetLabel();
  const [form] = Form.useForm<ShareForm>();
  const [created, setCreated] = useState<{ link: CreatedShareLinkRow; asked: ShareRights } | null>(null);
  const mayDownload = useMayDownload(target?.teamId ?? '', target?.projectId ?? '', open && !!target);
  const downloadOff = mayDownload === false;

  const create = useMutation({
    mutationFn: (body: CreateShareLinkInput) => shareApi.create(body),
    onSuccess: (link, body) => {
      setCreated({ link, asked: body.rights ?? NO_RIGHTS });
      void client.invalidateQueries({ predicate: (query) => isShareKey(query.queryKey) });
    },
  });

  if (!target) return null;
  const fixable = target.kind === 'design' && target.version !== null;

  const submit = (values: ShareForm) => {
    const rights = rightsNamed(values.rights);
    create.mutate({
      ...scopeOf(target, values.version === 'this'),
      rights,
      expires_in_days: values.expiry,
      ...(values.name.trim() ? { name: values.name.trim() } : {}),
      ...(values.password ? { password: values.password } : {}),
    });
  };
  // Quick share: view and inspect, the default expiry, nothing to fill in (spec 002 §9).
  const quick = () =>
    create.mutate({
      ...scopeOf(target, form.getFieldValue('version') === 'this'),
      rights: { ...NO_RIGHTS, inspect: true },
      share_type: 'quickShare',
    });
  // Closing forgets the link shown (its form goes with the dialog); "another" starts a fresh form in place.
  const forget = () => {
    setCreated(null);
    create.reset();
  };
  const again = () => {
    forget();
    form.resetFields();
  };
  const error = create.error ? formErrorText(create.error, t('common.requestFailed')) : null;

  return (
    <Modal
      open={open}
      onCancel={onClose}
      destroyOnHidden
      afterClose={forget}
      width={560}
      title={
        <span className="share-dialog-title">
          <ShareAltOutlined /> {t('shareManage.title')}
        </span>
      }
      footer={null}
      data-testid="share-dialog"
    >
      <div className="share-dialog-scope" data-testid="share-scope">
        {label(target)}
      </div>
      {created ? (
        <ShareCreated link={created.link} asked={created.asked} onAnother={again} onDone={onClose} />
      ) : (
        <Form<ShareForm>
          form={form}
          layout="vertical"
          initialValues={INITIAL}
          onFinish={submit}
          requiredMark={false}
          className="share-dialog-form"
        >
          {fixable && target.version ? (
            <Form.Item name="version" label={t('shareManage.version.label')}>
              <Radio.Group data-testid="share-version">
                <Radio value="latest" data-testid="share-version-latest">
                  {t('shareManage.version.latest')}
                </Radio>
                <Radio value="this" data-testid="share-version-this">
                  {t('shareManage.version.this', { version: target.version.label })}
                </Radio>
              </Radio.Group>
            </Form.Item>
          ) : null}
          <Form.Item name="name" label={t('shareManage.name')}>
            <Input
              maxLength={ShareLimits.linkNameMaxLength}
              placeholder={t('shareManage.namePlaceholder')}
              data-testid="share-name"
            />
          </Form.Item>
          <Form.Item
            name="rights"
            label={t('shareManage.rights')}
            extra={t('shareManage.viewImplied')}
            normalize={linkedRights}
          >
            <Checkbox.Group className="share-rights">
              {RIGHT_NAMES.map((name) => {
                const off = name === 'download' && downloadOff;
                const box = (
                  <Checkbox key={name} value={name} disabled={off} data-testid={`share-right-${name}`}>
                    {t(`shareManage.right.${name}`)}
                  </Checkbox>
                );
                return off ? (
                  <Tooltip key={name} title={t('shareManage.downloadOff')}>
                    <span data-testid="share-download-off">{box}</span>
                  </Tooltip>
                ) : (
                  box
                );
              })}
            </Checkbox.Group>
          </Form.Item>
          {downloadOff ? <div className="share-note">{t('shareManage.downloadOff')}</div> : null}
          <Form.Item name="password" label={t('shareManage.password')} rules={[linkPasswordRule(t, false)]}>
            <Input.Password
              autoComplete="new-password"
              maxLength={ShareLimits.passwordMaxLength}
              placeholder={t('shareManage.passwordPlaceholder', {
                min: ShareLimits.passwordMinLength,
                max: ShareLimits.passwordMaxLength,
              })}
              data-testid="share-password"
            />
          </Form.Item>
          <Form.Item name="expiry" label={t('shareManage.expiry')}>
            <ExpiryChoice />
          </Form.Item>
          {error ? (
            <Alert type="error" showIcon className="share-error" title={error} data-testid="share-error" />
          ) : null}
          <div className="share-dialog-actions">
            <Tooltip title={t('shareManage.quickHint', { days: ShareLimits.defaultExpiryDays })}>
              <Button
                icon={<ThunderboltOutlined />}
                onClick={quick}
                loading={create.isPending && create.variables?.share_type !== undefined}
                disabled={create.isPending}
                data-testid="share-quick"
              >
                {t('shareManage.quick')}
              </Button>
            </Tooltip>
            <Button
              type="primary"
              htmlType="submit"
              loading={create.isPending && create.variables?.share_type === undefined}
              disabled={create.isPending}
              data-testid="share-create"
            >
              {t('shareManage.create')}
            </Button>
          </div>
        </Form>
      )}
    </Modal>
  );
}
