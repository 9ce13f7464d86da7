interface Choice<T> {
  value: T;
  label: string;
  /** This option cannot be chosen (the others can). */
  disabled?: boolean;
}

interface ChoicesProps<T> {
  /** Names the group for screen readers and tests. */
  label: string;
  options: readonly Choice<T>[];
  /** The chosen values (one for a single choice). */
  chosen: readonly T[];
  onToggle: (value: T) => void;
  disabled?: boolean;
}

/** A row of option chips; each is a button pressed when chosen. */
export function Choices<T extends string | number>({
  label,
  options,
  chosen,
  onToggle,
  disabled,
}: ChoicesProps<T>) {
  return (
    <div className="choices" role="group" aria-label={label}>
      {options.map((option) => {
        const pressed = chosen.includes(option.value);
        return (
          <button
            key={option.value}
            type="button"
            className={pressed ? 'choices__chip is-chosen' : 'choices__chip'}
            aria-pressed={pressed}
            disabled={disabled === true || option.disabled === true}
            onClick={() => onToggle(option.value)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
