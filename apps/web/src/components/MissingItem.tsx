import { Button } from 'antd-mobile';
import { failureKind } from '../api/errors';
import { FailureNotice, LoadFailure } from './LoadFailure';

interface MissingItemProps {
  text: string;
  backText: string;
  onBack: () => void;
  /** Why the item could not be loaded, if it was asked for: offline is not "gone". */
  failure?: { error: unknown; onRetry: () => unknown } | null;
}

/**
 * What a details page shows when its item is gone (or not this account's), with the way back to
 * the list; a load that failed for another reason says that instead, with a retry.
 */
export function MissingItem({ text, backText, onBack, failure }: MissingItemProps) {
  if (failure && failureKind(failure.error) !== 'notFound') return <LoadFailure {...failure} />;
  return (
    <FailureNotice view="notFound" title={text}>
      <Button color="primary" fill="outline" onClick={onBack}>
        {backText}
      </Button>
    </FailureNotice>
  );
}
