import type { MouseEvent, ReactNode } from 'react';
import { navigateTo } from '../router/navigation';

/** An in-app link: a real href for the browser, navigateTo for the click. */
export function AppLink({ to, children }: { to: string; children: ReactNode }) {
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    navigateTo(to);
  };
  return (
    <a className="app-link" href={to} onClick={onClick}>
      {children}
    </a>
  );
}
