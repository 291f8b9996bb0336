import { CheckOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { BACKGROUND_THEMES, Codes, codeMessage, DesignLimits, type ProjectCard } from '@ferry/shared';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { projectSettingsApi } from '../../api/projectSettings';
import { useLang } from '../../components/hooks';
import { useFailureToast } from '../../components/useFailureToast';
import { COVER_TYPES, coverProblem, refOf } from './shared';

const PALETTE = Object.entries(BACKGROUND_THEMES);

/**
 * The project's cover (an uploaded image the server makes a 480×360 thumbnail of) and its background, one of
 * the palette colours. Editors change both; everyone else sees them.
 */
export function ProjectLookCard({
  project,
  onChange,
}: {
  project: ProjectCard;
  onChange: (card: ProjectCard) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const failure = useFailureToast(message);
  const fileInput = useRef<HTMLInputElement>(null);
  const canEdit = project.abilities.can_edit;

  const upload = useMutation({
    mutationFn: (file: File) => projectSettingsApi.uploadCover(refOf(project), file),
    onSuccess: (card) => {
      onChange(card);
      void message.success(t('projectSetting.coverSaved'));
    },
    onError: failure,
  });

  const background = useMutation({
    mutationFn: (colour: string) =>
      projectSettingsApi.setBackground({ ...refOf(project), background: colour }),
    onSuccess: (card) => {
      onChange(card);
      void message.success(t('projectSetting.backgroundSaved'));
    },
    onError: failure,
  });

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = coverProblem(file);
    if (problem === 'type') void message.error(codeMessage(Codes.IMAGE_FORMAT_UNSUPPORTED, lang));
    else if (problem === 'size')
      void message.error(
        t('projectSetting.coverTooLarge', { size: DesignLimits.coverMaxBytes / 1024 / 1024 }),
      );
    else upload.mutate(file);
  };

  return (
    <Card title={t('projectSetting.look')} className="settings-card" data-testid="project-look-card">
      <div className="project-look">
        <div className="project-look-cover">
          <div
            className="project-cover-preview"
            style={{ background: project.background }}
            data-testid="project-cover-preview"
          >
            {project.cover ? (
              <img src={project.cover} alt={t('projectSetting.cover')} data-testid="project-cover-image" />
            ) : (
              <PictureOutlined className="project-cover-empty" />
            )}
          </div>
          {canEdit ? (
            <>
              <Button
                icon={<UploadOutlined />}
                loading={upload.isPending}
                onClick={() => fileInput.current?.click()}
                data-testid="project-cover-upload"
              >
                {project.cover ? t('projectSetting.changeCover') : t('projectSetting.uploadCover')}
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept={COVER_TYPES.join(',')}
                hidden
                data-testid="project-cover-input"
                onChange={(event) => {
                  pick(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
              <div className="muted project-look-hint">{t('projectSetting.coverRules')}</div>
            </>
          ) : null}
        </div>
        <div className="project-look-background">
          <div className="project-look-label">{t('projectSetting.background')}</div>
          <fieldset className="project-palette" aria-label={t('projectSetting.background')}>
            {PALETTE.map(([colour, theme]) => {
              const selected = project.background === colour;
              return (
                <button
                  key={colour}
                  type="button"
                  aria-pressed={selected}
                  aria-label={t(`projectSetting.themes.${theme}`)}
                  title={t(`projectSetting.themes.${theme}`)}
                  className={`project-swatch${selected ? ' is-selected' : ''}${theme === 'dark' ? ' is-dark' : ''}`}
                  style={{ background: colour }}
                  disabled={!canEdit || background.isPending}
                  onClick={() => {
                    if (!selected) background.mutate(colour);
                  }}
                  data-testid={`project-swatch-${theme}`}
                >
                  {selected ? <CheckOutlined /> : null}
                </button>
              );
            })}
          </fieldset>
          <div className="muted project-look-hint">{t('projectSetting.backgroundHint')}</div>
        </div>
      </div>
    </Card>
  );
}
