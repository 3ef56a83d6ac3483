import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { TextReading } from '@ordem-certa/contracts';
import type { FieldProps } from './field-props.ts';

export interface ParsedNumberInputProps extends FieldProps {
  value: number | null | undefined;
  /** A number, null for an empty field, or NaN while the text cannot be taken (so a form refuses it). */
  onChange(value: number | null): void;
  'aria-label'?: string;
  /** The form's own message for the field (required, minimum…), shown when the text itself is fine. */
  error?: string;
}

interface CoreProps extends ParsedNumberInputProps {
  parse(text: string): TextReading;
  format(value: number | null | undefined): string;
  /** Text beside the field ('R$', a unit). */
  prefix?: ReactNode;
  suffix?: ReactNode;
  /** 'text' where a minus sign is typed (mobile number pads may lack it). */
  inputMode: 'decimal' | 'numeric' | 'text';
  /** When this changes (a quantity's unit), the text is read again under the new rule. */
  ruleKey?: string;
}

const same = (a: number | null | undefined, b: number | null | undefined) => Object.is(a ?? null, b ?? null);

/**
 * A text field for a number the pt-BR way: what is typed or pasted is read by `parse`, never masked
 * or guessed. A text that cannot be taken keeps its message under the field (after leaving it or
 * pasting) and hands NaN to the form, so the old value is not silently kept; a good one is shown
 * again formatted when the field is left.
 */
export function ParsedNumberInput({
  value,
  onChange,
  onBlur,
  isInvalid,
  error,
  parse,
  format,
  prefix,
  suffix,
  inputMode,
  ruleKey,
  ...rest
}: CoreProps) {
  const feedbackId = useId();
  const [text, setText] = useState(() => format(value));
  const [problem, setProblem] = useState<string | null>(null);
  const [showProblem, setShowProblem] = useState(false);
  const pasted = useRef(false);
  const emitted = useRef<number | null | undefined>(value);

  function read(next: string, show: boolean) {
    setText(next);
    const r = parse(next);
    const v = r.ok ? r.value : Number.NaN;
    setProblem(r.ok ? null : r.message);
    if (show) setShowProblem(true);
    if (!same(v, emitted.current)) {
      emitted.current = v;
      onChange(v);
    }
  }

  // A value set from outside (a form reset, a saved record): show it, unless the text already says it.
  useEffect(() => {
    if (same(value, emitted.current)) return;
    emitted.current = value;
    setText(format(value));
    setProblem(null);
    setShowProblem(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new value from outside
  }, [value]);

  // Another rule (a product of another unit picked): the same text, read again.
  const firstRule = useRef(true);
  useEffect(() => {
    if (firstRule.current) {
      firstRule.current = false;
      return;
    }
    if (text !== '') read(text, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the rule changes
  }, [ruleKey]);

  const message = problem && (showProblem || !!error) ? problem : error;
  const invalid = !!message || !!isInvalid;
  return (
    <>
      <div className={`input-group${invalid ? ' has-validation' : ''}`}>
        {prefix && <span className="input-group-text">{prefix}</span>}
        <input
          {...rest}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          className={`form-control${invalid ? ' is-invalid' : ''}`}
          aria-invalid={invalid || undefined}
          aria-describedby={message ? feedbackId : undefined}
          value={text}
          onChange={(e) => {
            read(e.target.value, pasted.current);
            pasted.current = false;
          }}
          onPaste={() => {
            pasted.current = true;
          }}
          onBlur={() => {
            const r = parse(text);
            if (r.ok) setText(format(r.value));
            setShowProblem(true);
            onBlur?.();
          }}
        />
        {suffix && <span className="input-group-text">{suffix}</span>}
      </div>
      {message && (
        <div id={feedbackId} className="invalid-feedback d-block">
          {message}
        </div>
      )}
    </>
  );
}
