import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';

/** The footer button of a form page. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button block type="submit" color="primary" size="large" loading={pending}>
      {children}
    </Button>
  );
}
