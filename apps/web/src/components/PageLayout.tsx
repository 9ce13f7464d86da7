import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { navigateBack } from '../router/navigation';

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
      <NavBar className="page__nav" back={tab ? null : ''} onBack={navigateBack} right={right}>
        {title}
      </NavBar>
      <div className="page__body">{children}</div>
    </div>
  );
}
