import type { ReactNode } from 'react';
import './facts.css';

/** A labelled value; the key names it for tests and styles. */
export type Fact = [label: string, value: ReactNode, key?: string];

/** Label on the left, value on the right, one line each. */
export function Facts({ facts }: { facts: Fact[] }) {
  return (
    <dl className="facts">
      {facts.map(([label, value, key]) => (
        <div key={key ?? label} data-fact={key}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
