import { Button, ErrorBlock } from 'antd-mobile';
import './map-sheet.css';

/** What a details page shows when its item is gone, with the way back to the list. */
export function MissingItem({
  text,
  backText,
  onBack,
}: {
  text: string;
  backText: string;
  onBack: () => void;
}) {
  return (
    <div className="missing-item">
      <ErrorBlock status="empty" title={text} description={null} />
      <Button color="primary" fill="outline" onClick={onBack}>
        {backText}
      </Button>
    </div>
  );
}
