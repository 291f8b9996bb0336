import { LinkOutlined, UploadOutlined } from '@ant-design/icons';
import { BookmarkLimits, bookmarkNameSchema, Codes, codeMessage, isWebUrl, ruleMessage } from '@ferry/shared';
import { App, Button, Form, Input, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/errors';
import { useLang } from '../../../components/hooks';
import { formErrorText } from '../../../forms/errors';
import { ruleKeyFor } from '../../../forms/rules';
import type { BookmarkActions } from './useBookmarks';

interface LinkFields {
  name?: string;
  url: string;
}

/** A link's default name: its host. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The link form: a name (the host when left empty) and an http(s) address. */
function AddLinkForm({ actions, onDone }: { actions: BookmarkActions; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<LinkFields>();
  const [saving, setSaving] = useState(false);

  const submit = async ({ name, url }: LinkFields) => {
    const address = url.trim();
    setSaving(true);
    try {
      await actions.addLink(name?.trim() || hostOf(address), address);
      void message.success(t('bookmarks.added'));
      form.resetFields();
      onDone();
    } catch (error) {
      const text = formErrorText(error, t('common.requestFailed'));
      if (!text) return;
      const field = isApiError(error) && error.code === Codes.BOOKMARK_URL_INVALID.code ? 'url' : 'name';
      form.setFields([{ name: field, errors: [text] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      className="bookmark-form"
      requiredMark={false}
      onFinish={submit}
      data-testid="bookmark-link-form"
    >
      <Form.Item
        name="url"
        label={t('bookmarks.url')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (!isWebUrl((value ?? '').trim()))
                throw new Error(codeMessage(Codes.BOOKMARK_URL_INVALID, lang));
            },
          },
        ]}
      >
        <Input placeholder="https://" autoFocus data-testid="bookmark-url" />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('bookmarks.name')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              // Left empty, the link is named after its host.
              const key = value?.trim() ? ruleKeyFor(bookmarkNameSchema, value) : null;
              if (key) throw new Error(ruleMessage(key, lang));
            },
          },
        ]}
      >
        <Input
          placeholder={t('bookmarks.namePlaceholder')}
          maxLength={BookmarkLimits.nameMaxLength}
          data-testid="bookmark-name"
        />
      </Form.Item>
      <div className="bookmark-form-actions">
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="bookmark-link-save">
          {t('bookmarks.save')}
        </Button>
      </div>
    </Form>
  );
}

/**
 * An editor's ways to add a bookmark: a link through the form, or a file uploaded as it is. A file whose name
 * or size the server would refuse is refused here first, with the server's wording.
 */
export function BookmarkAdders({ actions }: { actions: BookmarkActions }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [adding, setAdding] = useState(false);
  const [uploading, setUploading] = useState(0);

  const refusalOf = (file: File) => {
    if (file.name.length > BookmarkLimits.fileNameMaxLength) return Codes.BOOKMARK_FILE_NAME_TOO_LONG;
    if (file.size > BookmarkLimits.fileMaxBytes) return Codes.BOOKMARK_FILE_TOO_LARGE;
    return null;
  };

  const upload = async (file: File) => {
    setUploading((n) => n + 1);
    try {
      await actions.uploadFile(file);
      void message.success(t('bookmarks.uploaded', { name: file.name }));
    } catch (error) {
      const text = formErrorText(error, t('common.requestFailed'));
      if (text) void message.error(text);
    } finally {
      setUploading((n) => n - 1);
    }
  };

  return (
    <div className="bookmark-adders">
      <div className="bookmark-adder-buttons">
        <Button
          icon={<LinkOutlined />}
          onClick={() => setAdding((open) => !open)}
          type={adding ? 'primary' : 'default'}
          ghost={adding}
          data-testid="bookmark-add-link"
        >
          {t('bookmarks.addLink')}
        </Button>
        <Upload
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            const refusal = refusalOf(file);
            if (!refusal) return true;
            void message.error(codeMessage(refusal, lang));
            return Upload.LIST_IGNORE;
          }}
          customRequest={({ file, onSuccess }) => {
            void upload(file as File).then(() => onSuccess?.(null));
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading > 0} data-testid="bookmark-upload">
            {t(uploading > 0 ? 'bookmarks.uploading' : 'bookmarks.upload')}
          </Button>
        </Upload>
      </div>
      {adding ? <AddLinkForm actions={actions} onDone={() => setAdding(false)} /> : null}
    </div>
  );
}
