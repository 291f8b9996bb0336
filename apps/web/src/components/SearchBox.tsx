import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { openSearchPalette } from '../state/searchPalette';
import './search-box.css';

const isMac =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The header's search box: a click opens the search palette, which ⌘K / Ctrl-K opens on every screen too. */
export function SearchBox() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="header-search"
      onClick={openSearchPalette}
      title={t('search.boxHint')}
      aria-haspopup="dialog"
      data-testid="header-search"
    >
      <SearchOutlined className="header-search-icon" />
      <span className="header-search-text">{t('search.box')}</span>
      <kbd className="header-search-key">{isMac ? '⌘K' : 'Ctrl K'}</kbd>
    </button>
  );
}
