/** What a form hands an input of its own making, beside the value: its place, name and state. */
export interface FieldProps {
  onBlur?(): void;
  id?: string;
  name?: string;
  isInvalid?: boolean;
  disabled?: boolean;
  placeholder?: string;
}
