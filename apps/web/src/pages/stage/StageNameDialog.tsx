import { useTranslation } from 'react-i18next';
import { NameDialog } from '../../components/NameDialog';

/** Names of designs may hold spaces and run to 255 characters; section names are kept shorter. */
export const DESIGN_NAME_MAX = 255;
export const SECTION_NAME_MAX = 50;

/**
 * Asks for a design's or a section's name. Design names keep their spaces, so the shared project-name rules
 * (no spaces) do not apply; a refusal from the server shows under the field.
 */
export function StageNameDialog({
  allowEmpty = false,
  ...props
}: {
  open: boolean;
  title: string;
  initialName: string;
  placeholder?: string;
  maxLength: number;
  /** A new section may go without a name: the server gives it the default one. */
  allowEmpty?: boolean;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rules = allowEmpty ? [] : [{ required: true, whitespace: true, message: t('stage.nameRequired') }];
  return <NameDialog {...props} testId="stage-name" rules={rules} />;
}
