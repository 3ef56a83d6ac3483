import { Button, ButtonGroup } from 'react-bootstrap';

interface StatusTabsProps<T extends string> {
  /** Each tab's value and label ('' for all). */
  tabs: ReadonlyArray<readonly [T, string]>;
  value: T;
  onChange(value: T): void;
  className?: string;
}

/** A list's 'Situação' tabs: one small button per status, the chosen one filled and pressed. */
export function StatusTabs<T extends string>({ tabs, value, onChange, className }: StatusTabsProps<T>) {
  return (
    <ButtonGroup aria-label="Situação" className={className}>
      {tabs.map(([tab, label]) => (
        <Button
          key={label}
          size="sm"
          variant={value === tab ? 'primary' : 'outline-primary'}
          aria-pressed={value === tab}
          onClick={() => onChange(tab)}
        >
          {label}
        </Button>
      ))}
    </ButtonGroup>
  );
}
