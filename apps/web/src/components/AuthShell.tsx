import { CheckCircleOutlined, GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setLang } from '../i18n';
import { useLang } from './hooks';
import { Logo } from './Logo';

function LangToggle() {
  const lang = useLang();
  const other = lang === 'zh-CN' ? 'en-US' : 'zh-CN';
  return (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      onClick={() => void setLang(other)}
      data-testid="auth-lang-switch"
      className="auth-lang"
    >
      {other === 'zh-CN' ? '简体中文' : 'English'}
    </Button>
  );
}

/** The frame of the sign-in and sign-up screens: a brand panel and the form card. */
export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const points = [t('auth.brandPoint1'), t('auth.brandPoint2'), t('auth.brandPoint3')];
  return (
    <div className="auth-page">
      <section className="auth-brand" aria-hidden="true">
        <div className="auth-brand-logo">
          <Logo size={32} />
        </div>
        <div className="auth-brand-body">
          <h2>{t('auth.brandTitle')}</h2>
          <ul>
            {points.map((point) => (
              <li key={point}>
                <CheckCircleOutlined />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="auth-brand-foot">© Ferry</div>
      </section>
      <section className="auth-main">
        <div className="auth-main-top">
          <span className="auth-main-logo">
            <Logo size={28} />
          </span>
          <LangToggle />
        </div>
        <div className="auth-card">
          <h1 className="auth-title">{title}</h1>
          {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
          {children}
        </div>
      </section>
    </div>
  );
}
