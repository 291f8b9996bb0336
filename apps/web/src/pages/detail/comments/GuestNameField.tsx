import { ShareLimits } from '@ferry/shared';
import { Button, Input, type InputRef } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Who a share link's visitor comments as: the name field the first time (and after "change"), else a line
 * with the name kept in this browser. `asking` is the field; `missing` says a send was tried without a name.
 */
export function GuestNameField({
  value,
  asking,
  missing,
  onChange,
  onChangeName,
  testId,
}: {
  value: string;
  asking: boolean;
  missing: boolean;
  onChange: (name: string) => void;
  onChangeName: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const field = useRef<InputRef>(null);
  // A send without a name goes to the name field.
  useEffect(() => {
    if (missing) field.current?.focus();
  }, [missing]);
  if (!asking) {
    return (
      <div className="comment-guest-as" data-testid={`${testId}-as`}>
        <span>{t('comments.guest.as', { name: value })}</span>
        <Button size="small" type="link" onClick={onChangeName} data-testid={`${testId}-name-change`}>
          {t('comments.guest.change')}
        </Button>
      </div>
    );
  }
  return (
    <div className="comment-guest-name">
      <Input
        ref={field}
        size="small"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={ShareLimits.guestNameMaxLength}
        placeholder={t('comments.guest.name')}
        aria-label={t('comments.guest.name')}
        status={missing ? 'error' : undefined}
        data-testid={`${testId}-name`}
      />
      {missing ? (
        <div className="comment-guest-error" role="alert" data-testid={`${testId}-name-error`}>
          {t('comments.guest.nameRequired')}
        </div>
      ) : null}
    </div>
  );
}
