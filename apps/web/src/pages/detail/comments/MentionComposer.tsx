import type { CommentAuthor } from '@ferry/shared';
import { Button, Mentions, type MentionsProps } from 'antd';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from '../../../components/MemberAvatar';
import { useSession } from '../../../state/session';
import { useShareVisitor } from '../../share/visitorContext';
import { GuestNameField } from './GuestNameField';
import { rememberGuestName, useGuestName } from './guestName';
import { mentionedIds } from './mentions';
import { useMentionCandidates } from './useComments';

type MentionOption = NonNullable<MentionsProps['options']>[number] & { userId: string };

/**
 * A comment editor with @mention autocomplete of everyone who sees the project. Sends the text and the ids of the
 * members it mentions; ⌘/Ctrl+Enter sends, Escape cancels (when there is something to cancel). A share link's
 * visitor mentions nobody (the team's people are not theirs to see) and signs with a name instead.
 */
export function MentionComposer({
  teamId,
  projectId,
  initial,
  placeholderKey = 'placeholder',
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus,
  busy,
  testId,
}: {
  teamId: string;
  projectId: string;
  initial?: { text: string; mentions: CommentAuthor[] };
  placeholderKey?: 'placeholder' | 'newPlaceholder' | 'replyPlaceholder';
  submitLabel: string;
  /** Resolves when sent; the editor then empties. A rejection keeps the text. `guestName` only for a visitor. */
  onSubmit: (content: string, mentions: string[], guestName?: string) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
  busy?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const { userId } = useSession();
  const guest = useShareVisitor() !== null;
  const people = useMentionCandidates(teamId, projectId, !guest);
  const storedName = useGuestName();
  // null while the kept name stands; what is typed once the visitor gives or changes it.
  const [typedName, setTypedName] = useState<string | null>(null);
  const [nameMissing, setNameMissing] = useState(false);
  const guestName = (typedName ?? storedName).trim();
  const [text, setText] = useState(initial?.text ?? '');
  const [picked, setPicked] = useState(
    () => new Map((initial?.mentions ?? []).map((person) => [person.name, person.user_id])),
  );
  const others = useMemo(
    () => (people.data ?? []).filter((member) => member.user_id !== userId),
    [people.data, userId],
  );
  // Each option carries its member's id: the key Mentions hands back to onSelect has a suffix of its own.
  const options = useMemo(
    () =>
      others.map(
        (member): MentionOption => ({
          key: member.user_id,
          value: member.name,
          userId: member.user_id,
          label: (
            <span className="comment-mention-option" data-testid="mention-option">
              <MemberAvatar name={member.name} color={member.color} size={20} />
              <span className="comment-mention-name">{member.name}</span>
              <span className="comment-mention-email">{member.email}</span>
            </span>
          ),
        }),
      ),
    [others],
  );

  const empty = !text.trim();
  const submit = async () => {
    if (empty || busy) return;
    if (guest) {
      if (!guestName) {
        setNameMissing(true);
        return;
      }
      await onSubmit(text.trim(), [], guestName);
      rememberGuestName(guestName);
      setTypedName(null);
      setText('');
      return;
    }
    // Sent before the list of people arrived: wait for it, or an @Name typed in full would mention nobody.
    const candidates = people.data ?? (text.includes('@') ? (await people.refetch()).data : undefined) ?? [];
    const ids = mentionedIds(text, candidates, picked);
    await onSubmit(text.trim(), ids);
    setText('');
    setPicked(new Map());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void submit().catch(() => {});
    } else if (event.key === 'Escape' && onCancel) {
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <div className="comment-composer" data-testid={testId}>
      {guest ? (
        <GuestNameField
          value={typedName ?? storedName}
          asking={typedName !== null || !storedName}
          missing={nameMissing && !guestName}
          onChange={setTypedName}
          onChangeName={() => setTypedName(storedName)}
          testId={testId}
        />
      ) : null}
      <Mentions
        value={text}
        onChange={setText}
        onSelect={(option) => {
          const { value, userId } = option as MentionOption;
          if (value && userId) setPicked((map) => new Map(map).set(value, userId));
        }}
        options={options}
        loading={people.isLoading}
        validateSearch={guest ? () => false : undefined}
        placeholder={t(`comments.${placeholderKey}`, { context: guest ? 'guest' : undefined })}
        autoSize={{ minRows: 2, maxRows: 8 }}
        autoFocus={autoFocus}
        onKeyDown={onKeyDown}
        notFoundContent={t('comments.noMember')}
        data-testid={`${testId}-input`}
      />
      <div className="comment-composer-actions">
        <span className="comment-composer-hint">{t('comments.sendHint')}</span>
        {onCancel ? (
          <Button size="small" onClick={onCancel} data-testid={`${testId}-cancel`}>
            {t('comments.cancel')}
          </Button>
        ) : null}
        <Button
          size="small"
          type="primary"
          disabled={empty}
          loading={busy}
          onClick={() => void submit().catch(() => {})}
          data-testid={`${testId}-submit`}
        >
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}
