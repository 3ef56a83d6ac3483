import { DEFAULT_TAG_COLOR, tagTextColor } from '@ordem-certa/contracts';

/** A tag's name in its colour (hex without '#'), with readable text on light and dark presets. */
export function TagBadge({ name, color }: { name: string; color?: string | null }) {
  const hex = color || DEFAULT_TAG_COLOR;
  return (
    <span className="badge tag-badge" style={{ backgroundColor: `#${hex}`, color: tagTextColor(hex) }}>
      {name}
    </span>
  );
}
