import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { navigateBack } from '../router/navigation';
import { OfflineBanner } from './OfflineBanner';
import './page-layout.css';

interface PageLayoutProps {
  title: ReactNode;
  /** Tab pages have no back arrow. */
  tab?: boolean;
  right?: ReactNode;
  children: ReactNode;
}

export function PageLayout({ title, tab = false, right, children }: PageLayoutProps) {
  return (
    <div className="page">
      <header className="page__head">
        <NavBar className="page__nav" back={tab ? null : ''} onBack={navigateBack} right={right}>
          {title}
        </NavBar>
        <OfflineBanner />
      </header>
      <div className="page__body">{children}</div>
    </div>
  );
}
