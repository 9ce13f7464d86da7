import { LocationFill } from 'antd-mobile-icons';
import './map-locate-button.css';

/**
 * The round button over a map's bottom right corner that shows a place: back to the device, or
 * to the user's own position.
 */
export function MapLocateButton({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="map-locate-button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      <LocationFill />
    </button>
  );
}
