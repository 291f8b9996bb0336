import { Anchor } from 'antd';
import { useTranslation } from 'react-i18next';
import { ARTICLE_IDS, articleValues } from './articles';
import '../../components/help/help.css';

/** The help articles with a table of contents; the help centre and the team docs show the same. */
export function HelpArticles() {
  const { t } = useTranslation();
  return (
    <div className="help-articles">
      <nav className="help-toc" aria-label={t('help.support.toc')}>
        <Anchor
          affix={false}
          items={ARTICLE_IDS.map((id) => ({
            key: id,
            href: `#help-${id}`,
            title: t(`help.articles.${id}.title`),
          }))}
          onClick={(event, link) => {
            // Hash routes: the anchor scrolls without touching the address.
            event.preventDefault();
            document.querySelector(link.href)?.scrollIntoView({ behavior: 'smooth' });
          }}
        />
      </nav>
      <div className="help-article-list">
        {ARTICLE_IDS.map((id) => {
          const body = t(`help.articles.${id}.body`, { returnObjects: true, ...articleValues }) as unknown;
          return (
            <article key={id} id={`help-${id}`} className="help-article" data-testid={`help-article-${id}`}>
              <h2>{t(`help.articles.${id}.title`)}</h2>
              {(Array.isArray(body) ? body : [String(body)]).map((paragraph: string) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </article>
          );
        })}
      </div>
    </div>
  );
}
