import { DEFAULT_TAG_COLOR, tagColorPresets, tagTextColor } from '@ordem-certa/contracts';

const choices = [...tagColorPresets, { value: DEFAULT_TAG_COLOR, label: 'Sem cor' }];

interface TagColorPickerProps {
  value: string | undefined;
  onChange(color: string): void;
  name: string;
  isInvalid?: boolean;
}

/** The ten colour presets and 'Sem cor' (the default grey), as a radio group of swatches. */
export function TagColorPicker({ value = DEFAULT_TAG_COLOR, onChange, name, isInvalid }: TagColorPickerProps) {
  return (
    <div role="radiogroup" aria-label="Cor" className={`tag-color-picker${isInvalid ? ' is-invalid' : ''}`}>
      {choices.map((c) => {
        const checked = value === c.value;
        return (
          <label
            key={c.value}
            className={`tag-swatch${checked ? ' checked' : ''}${c.value === DEFAULT_TAG_COLOR ? ' no-color' : ''}`}
            style={{ backgroundColor: `#${c.value}`, color: tagTextColor(c.value) }}
            title={c.label}
          >
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={checked}
              aria-label={c.label}
              onChange={() => onChange(c.value)}
            />
            {c.value === DEFAULT_TAG_COLOR ? 'Sem cor' : checked ? '✓' : ''}
          </label>
        );
      })}
    </div>
  );
}
