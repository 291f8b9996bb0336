import { BASE_SCALES, type BaseScale, type TokenProposal, type TokenProposals } from '@ferry/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Empty, Input, Modal, Segmented, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DsmScope, dsmApi, type NewToken } from '../../../api/dsm';
import { listAllProjects } from '../../../api/projects';
import { useLang } from '../../../components/hooks';
import { formErrorText } from '../../../forms/errors';
import { TokenPreview, valueText } from './TokenPreview';
import { tokenNameError } from './tokenName';

const KINDS = ['color', 'typography', 'radius', 'shadow'] as const;
const keyOf = (kind: string, index: number) => `${kind}:${index}`;

/** Choices over the proposals: picked ones and their names (a value already a token is not picked). */
function initialChoices(proposals: TokenProposals) {
  const picked = new Set<string>();
  const names = new Map<string, string>();
  for (const kind of KINDS) {
    proposals.proposals[kind].forEach((proposal, index) => {
      names.set(keyOf(kind, index), proposal.suggested_name);
      if (!proposal.existing) picked.add(keyOf(kind, index));
    });
  }
  return { picked, names };
}

/**
 * "Extract from designs": pick projects, read what their designs use, then name and accept the proposals.
 * Values that are already tokens are marked and left out.
 */
export function ExtractDialog({
  open,
  scope,
  onAccept,
  onClose,
}: {
  open: boolean;
  scope: DsmScope;
  onAccept: (tokens: NewToken[]) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [sources, setSources] = useState<string[]>([]);
  const [baseScale, setBaseScale] = useState<BaseScale>(1);
  const [proposals, setProposals] = useState<TokenProposals | null>(null);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const projects = useQuery({
    queryKey: ['team', scope.team_id, 'dsm-extract-sources'],
    queryFn: async () => (await listAllProjects(scope.team_id)).filter((project) => project.type !== 'dsm'),
    enabled: open,
  });
  useEffect(() => {
    if (!open) return;
    setSources([]);
    setProposals(null);
    setError(null);
  }, [open]);

  const read = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await dsmApi.extract(scope, sources, baseScale);
      const choices = initialChoices(answer);
      setPicked(choices.picked);
      setNames(choices.names);
      setProposals(answer);
    } catch (failure) {
      setError(formErrorText(failure, t('common.requestFailed')));
    } finally {
      setBusy(false);
    }
  };
  const accept = async () => {
    if (!proposals) return;
    const tokens: NewToken[] = [];
    for (const kind of KINDS) {
      proposals.proposals[kind].forEach((proposal, index) => {
        const key = keyOf(kind, index);
        if (picked.has(key))
          tokens.push({ kind, value: proposal.value, name: (names.get(key) ?? '').trim() });
      });
    }
    const badName = tokens.map((token) => tokenNameError(token.name, lang)).find(Boolean);
    if (badName) return setError(badName);
    setBusy(true);
    try {
      await onAccept(tokens);
      onClose();
    } catch (failure) {
      setError(formErrorText(failure, t('common.requestFailed')));
    } finally {
      setBusy(false);
    }
  };

  const row = (kind: (typeof KINDS)[number], proposal: TokenProposal, index: number) => {
    const key = keyOf(kind, index);
    const name = names.get(key) ?? '';
    const nameError = picked.has(key) ? tokenNameError(name, lang) : null;
    return (
      <li
        key={key}
        className="dsm-proposal"
        data-testid="dsm-proposal"
        aria-label={valueText(kind, proposal.value)}
      >
        <Checkbox
          checked={picked.has(key)}
          disabled={proposal.existing !== null}
          onChange={(event) => {
            const next = new Set(picked);
            if (event.target.checked) next.add(key);
            else next.delete(key);
            setPicked(next);
          }}
          data-testid="dsm-proposal-pick"
        />
        <TokenPreview kind={kind} value={proposal.value} />
        <div className="dsm-proposal-main">
          <Input
            size="small"
            value={name}
            disabled={proposal.existing !== null}
            status={nameError ? 'error' : undefined}
            onChange={(event) => setNames(new Map(names).set(key, event.target.value))}
            data-testid="dsm-proposal-name"
          />
          <span className="dsm-muted">
            {valueText(kind, proposal.value)} · {t('dsm.extract.layers', { count: proposal.count })}{' '}
            {t('dsm.extract.designs', { count: proposal.designs })}
          </span>
          {proposal.merged.length > 0 && (
            <span className="dsm-proposal-merged">
              {t('dsm.extract.merged')}
              {proposal.merged.map((hex) => (
                <span key={hex} className="dsm-mini-swatch" style={{ background: hex }} title={hex} />
              ))}
            </span>
          )}
        </div>
        {proposal.existing && (
          <Tag color="green" data-testid="dsm-proposal-existing">
            {t('dsm.extract.existing', { name: proposal.existing })}
          </Tag>
        )}
      </li>
    );
  };

  const candidates = projects.data ?? [];
  return (
    <Modal
      open={open}
      width={720}
      title={t('dsm.extract.title')}
      okText={proposals ? t('dsm.extract.add', { count: picked.size }) : t('dsm.extract.read')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{
        disabled: proposals ? picked.size === 0 : sources.length === 0,
        'data-testid': proposals ? 'dsm-extract-add' : 'dsm-extract-read',
      }}
      onOk={() => void (proposals ? accept() : read())}
      onCancel={onClose}
      destroyOnHidden
    >
      {!proposals ? (
        <div className="dsm-extract-sources" data-testid="dsm-extract-sources">
          <p className="dsm-muted">{t('dsm.extract.pickHint')}</p>
          <div className="dsm-extract-scale">
            <span>{t('dsm.extract.baseScale')}</span>
            <Segmented
              size="small"
              value={baseScale}
              onChange={(value) => setBaseScale(value as BaseScale)}
              options={BASE_SCALES.map((scale) => ({ value: scale, label: `@${scale}x` }))}
              data-testid="dsm-extract-scale"
            />
          </div>
          {projects.isLoading ? (
            <Spin />
          ) : candidates.length === 0 ? (
            <Empty description={t('dsm.extract.noProjects')} />
          ) : (
            <Checkbox.Group
              className="dsm-extract-projects"
              value={sources}
              onChange={(values) => setSources(values as string[])}
              options={candidates.map((project) => ({ value: project.project_id, label: project.name }))}
            />
          )}
        </div>
      ) : (
        <div className="dsm-extract-review" data-testid="dsm-extract-review">
          <p className="dsm-muted">
            {t('dsm.extract.read_summary', { count: proposals.designs_read })}
            {proposals.truncated ? ` ${t('dsm.extract.truncated')}` : ''}
          </p>
          {KINDS.map((kind) =>
            proposals.proposals[kind].length === 0 ? null : (
              <section key={kind} data-testid={`dsm-proposals-${kind}`}>
                <h4>
                  {t(`dsm.kinds.${kind}`)}{' '}
                  <span className="dsm-muted">{proposals.proposals[kind].length}</span>
                </h4>
                <ul className="dsm-proposals">
                  {proposals.proposals[kind].map((proposal, index) => row(kind, proposal, index))}
                </ul>
              </section>
            ),
          )}
          {KINDS.every((kind) => proposals.proposals[kind].length === 0) && (
            <Empty description={t('dsm.extract.none')} />
          )}
        </div>
      )}
      {error && <Alert type="error" showIcon message={error} data-testid="dsm-extract-error" />}
    </Modal>
  );
}
