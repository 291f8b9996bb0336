import { Card } from 'antd';
import type { ReactNode } from 'react';
import { Logo } from '../../components/Logo';
import './share.css';

/** A share link's landing without the app around it: the logo on top and one centred card. */
export function ShareFrame({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div className="status-page share-landing" data-testid={testId}>
      <div className="status-page-logo">
        <Logo />
      </div>
      <Card className="share-card">{children}</Card>
    </div>
  );
}
