import { MailOutlined } from '@ant-design/icons';
import { emailSchema, ShareLimits } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shareApi } from '../../api/share';
import { formErrorText } from '../../forms/errors';

/** Mails a just-made link (it needs the code, so only right after creation) to up to 20 addresses. */
export function SendLinkForm({ code }: { code: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [emails, setEmails] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: { code: string; emails: string[]; message?: string }) => shareApi.send(body),
    onSuccess: ({ sent }) => {
      void message.success(t('shareManage.send.sent', { count: sent }));
      setEmails([]);
      setNote('');
    },
    onError: (error) => setProblem(formErrorText(error, t('common.requestFailed'))),
  });

  const submit = () => {
    const invalid = emails.filter((email) => !emailSchema.safeParse(email).success);
    if (emails.length === 0) return setProblem(t('shareManage.send.none'));
    if (invalid.length > 0) return setProblem(t('shareManage.send.invalid', { list: invalid.join(', ') }));
    if (emails.length > ShareLimits.sendLinkEmailsMax)
      return setProblem(t('shareManage.send.tooMany', { max: ShareLimits.sendLinkEmailsMax }));
    setProblem(null);
    send.mutate({ code, emails, ...(note.trim() ? { message: note.trim() } : {}) });
  };

  return (
    <section className="share-send" data-testid="share-send">
      <h4 className="share-send-title">
        <MailOutlined /> {t('shareManage.send.title')}
      </h4>
      <Select
        mode="tags"
        open={false}
        suffixIcon={null}
        tokenSeparators={[',', ';', ' ']}
        value={emails}
        onChange={(next: string[]) => {
          setEmails(next.map((email) => email.trim()).filter(Boolean));
          setProblem(null);
        }}
        placeholder={t('shareManage.send.emailsPlaceholder', { max: ShareLimits.sendLinkEmailsMax })}
        aria-label={t('shareManage.send.emails')}
        className="share-send-emails"
        data-testid="share-send-emails"
      />
      <Input.TextArea
        value={note}
        onChange={(event) => setNote(event.target.value)}
        maxLength={ShareLimits.sendLinkMessageMaxLength}
        autoSize={{ minRows: 2, maxRows: 4 }}
        placeholder={t('shareManage.send.messagePlaceholder')}
        aria-label={t('shareManage.send.message')}
        data-testid="share-send-message"
      />
      {problem ? <Alert type="error" showIcon title={problem} data-testid="share-send-error" /> : null}
      <div className="share-send-actions">
        <Button onClick={submit} loading={send.isPending} data-testid="share-send-submit">
          {t('shareManage.send.submit')}
        </Button>
      </div>
    </section>
  );
}
